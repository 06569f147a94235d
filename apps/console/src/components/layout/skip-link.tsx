import type { MouseEvent } from 'react';

/** The id of every page's `main` landmark, the skip link's target. */
export const mainContentId = 'main-content';

/**
 * "Skip to main content": the page's first focusable element, hidden until focused. It moves
 * focus to the `main` landmark (which has `tabIndex={-1}`) without touching the URL's hash.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(mainContentId)?.focus();
  };
  return (
    <a
      href={`#${mainContentId}`}
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-md focus:ring-[3px] focus:ring-ring/50 focus:outline-none"
    >
      Skip to main content
    </a>
  );
}
