import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Focus goes back to the control that opened a dialog when it closes. Radix does this only for
 * its own Trigger; most dialogs here open from a plain button's state, and Radix then drops focus
 * on the page body. The opener is the element focused as the content opens (Radix's open
 * auto-focus runs before focus moves inside). Spread the result onto a Radix dialog's content.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: AutoFocusHandler;
  onCloseAutoFocus?: AutoFocusHandler;
}): { onOpenAutoFocus: AutoFocusHandler; onCloseAutoFocus: AutoFocusHandler } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement as HTMLElement | null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented) return;
      // An opener that has gone (an item of a menu now closed) leaves it to Radix's trigger.
      if (!element || element === document.body || !element.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
