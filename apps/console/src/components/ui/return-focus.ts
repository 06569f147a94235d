import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * The control to return to: the focused element, or for an item of a menu (which is gone once
 * the menu closes) the button that opened the menu, which labels it.
 */
function openerOf(focused: Element | null): HTMLElement | null {
  const menu = focused?.closest('[role="menu"]');
  const menuButtonId = menu?.getAttribute('aria-labelledby');
  if (menuButtonId) return document.getElementById(menuButtonId);
  return focused instanceof HTMLElement ? focused : null;
}

/**
 * Focus goes back to the control that opened a dialog when it closes. Radix does this only for
 * its own Trigger; most dialogs here open from a plain button's state, and Radix then drops focus
 * on the page body. The opener is the element focused as the content opens (Radix's open
 * auto-focus runs before focus moves inside), or the menu button of a menu item. Spread the
 * result onto a Radix dialog's content.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: AutoFocusHandler;
  onCloseAutoFocus?: AutoFocusHandler;
}): { onOpenAutoFocus: AutoFocusHandler; onCloseAutoFocus: AutoFocusHandler } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current = openerOf(document.activeElement);
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented) return;
      // An opener that has gone meanwhile leaves it to Radix's trigger, if any.
      if (!element || element === document.body || !element.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
