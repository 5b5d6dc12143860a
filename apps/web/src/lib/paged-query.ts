import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** The page to ask for: its number and, on a cursor-paged list, the position the previous page ended at. */
export interface PageParam {
  page: number;
  cursor: string | null;
}

/** The part of a list answer that says whether, and where, the next page starts. */
interface PagedAnswer {
  pagination: { currentPage: number; hasNext: boolean; nextCursor?: string | null };
}

/** Infinite query options for a list: page 1 first, then the page after the last one, following its cursor. */
export function pagedQueryOptions<TAnswer extends PagedAnswer, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (param: PageParam, signal: AbortSignal) => Promise<TAnswer>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: { page: 1, cursor: null } as PageParam,
    getNextPageParam: ({ pagination }): PageParam | undefined =>
      pagination.hasNext
        ? { page: pagination.currentPage + 1, cursor: pagination.nextCursor ?? null }
        : undefined,
  });
}
