import { useIntersection } from './use-intersection.ts';

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
  return useIntersection(marginPx, () => {
    if (enabled) onLoadMore();
  });
}
