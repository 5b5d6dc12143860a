import { useEffect, type RefObject } from 'react';

/**
 * Ctrl+K (Cmd+K on a Mac) moves focus to the element, e.g. a list's search box. While `enabled`
 * is false the keys are left to the browser.
 */
export function useFocusShortcut(target: RefObject<HTMLElement | null>, enabled = true, key = 'k'): void {
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === key) {
        event.preventDefault();
        target.current?.focus();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [target, enabled, key]);
}
