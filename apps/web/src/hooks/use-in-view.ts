import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether the watched element has come within `marginPx` of the viewport (once true, it stays true).
 * Answers a ref callback for the element; without IntersectionObserver everything counts as in view.
 */
export function useInView(marginPx: number): [(element: Element | null) => void, boolean] {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);

  const watch = useCallback(
    (element: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          setInView(true);
          observer.current?.disconnect();
        },
        { rootMargin: `${marginPx}px` },
      );
      observer.current.observe(element);
    },
    [marginPx],
  );

  useEffect(() => () => observer.current?.disconnect(), []);
  return [watch, inView];
}
