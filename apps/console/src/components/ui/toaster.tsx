import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * sonner's rich-colour text is too light on its tinted backgrounds (below WCAG AA 4.5:1); these
 * are Tailwind's 800 shades (green, blue, amber, red), dark enough on every tint.
 */
const readableRichColours = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
  '--error-text': '#991b1b',
} as CSSProperties;

/**
 * Toast outlet: 4000 ms lifetime (spec 1 section 2.2). Bottom right, where no page keeps its
 * primary buttons (they sit in the page header, top right). Raise toasts with `toast()`.
 */
function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={4000}
      richColors
      closeButton
      style={readableRichColours}
    />
  );
}

export { Toaster };
