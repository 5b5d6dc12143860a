import { useRef } from 'react';

/**
 * Radix gives focus back to a dialog's own Trigger when it closes. A dialog opened from elsewhere (a
 * controlled one: a confirmation, a viewer) would leave focus on the page's body, and a keyboard user
 * at the top of the page. Spread on the dialog's Content, these give it back to what had focus when
 * the dialog opened, while that is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Called just before focus moves into the dialog: the element that opened it has it still.
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
