import { useState } from 'react';
import { useIntersection } from './use-intersection.ts';

/**
 * Whether the watched element has come within `marginPx` of the viewport (once true, it stays true).
 * Answers a ref callback for the element; without IntersectionObserver everything counts as in view.
 */
export function useInView(marginPx: number): [(element: Element | null) => void, boolean] {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const watch = useIntersection(marginPx, () => {
    setInView(true);
    return true;
  });
  return [watch, inView];
}
