import { useCallback, useEffect, useRef } from 'react';

interface InfiniteScrollOptions {
  /** Whether another page can be asked for now (there is one, and none is loading). */
  enabled: boolean;
  onLoadMore: () => void;
  /** How close to the viewport the watched element must come, in pixels. */
  marginPx: number;
}

/**
 * Asks for the next page when the watched element (the last card) comes within `marginPx` of view.
 * Answers a ref callback for that element.
 */
export function useInfiniteScroll({ enabled, onLoadMore, marginPx }: InfiniteScrollOptions) {
  const observer = useRef<IntersectionObserver | null>(null);
  const latest = useRef({ enabled, onLoadMore });
  useEffect(() => {
    latest.current = { enabled, onLoadMore };
  });

  const watch = useCallback(
    (element: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting) && latest.current.enabled) {
            latest.current.onLoadMore();
          }
        },
        { rootMargin: `${marginPx}px` },
      );
      observer.current.observe(element);
    },
    [marginPx],
  );

  useEffect(() => () => observer.current?.disconnect(), []);
  return watch;
}
