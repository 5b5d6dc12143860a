import { useEffect } from 'react';

/** The browser tab's title for a screen: 'Projects · Trowel'; just 'Trowel' while there is none yet. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Trowel` : 'Trowel';
  }, [title]);
}
