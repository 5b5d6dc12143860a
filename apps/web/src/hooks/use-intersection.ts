import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onIntersect` each time the watched element comes within `marginPx` of the viewport; the
 * callback may answer true to stop watching. Answers a ref callback for the element. Without
 * IntersectionObserver nothing is watched.
 */
export function useIntersection(marginPx: number, onIntersect: () => boolean | void) {
  const observer = useRef<IntersectionObserver | null>(null);
  const latest = useRef(onIntersect);
  useEffect(() => {
    latest.current = onIntersect;
  });

  const watch = useCallback(
    (element: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting) && latest.current() === true) {
            observer.current?.disconnect();
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
