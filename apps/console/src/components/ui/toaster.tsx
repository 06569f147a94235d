import { useEffect, useState, type CSSProperties } from 'react';
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

const openDialog = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/** Whether a dialog is open: its footer keeps its primary button at the bottom right. */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(() => document.querySelector(openDialog) !== null);
  useEffect(() => {
    const check = () => setOpen(document.querySelector(openDialog) !== null);
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    check();
    return () => observer.disconnect();
  }, []);
  return open;
}

/**
 * Toast outlet: 4000 ms lifetime (spec 1 section 2.2). Bottom right, where no page keeps its
 * primary buttons (they sit in the page header, top right); while a dialog is open, whose footer
 * keeps its buttons at the bottom right, top centre instead, above the dialog's title rather than
 * over its Save. Raise toasts with `toast()`.
 */
function Toaster() {
  const dialogOpen = useDialogOpen();
  return (
    <Sonner
      position={dialogOpen ? 'top-center' : 'bottom-right'}
      duration={4000}
      richColors
      closeButton
      style={readableRichColours}
    />
  );
}

export { Toaster };
