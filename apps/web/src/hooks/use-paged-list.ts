import {
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import type { PageParam } from '../lib/paged-query.ts';

/** The loaded pages of a list as one list of items, the list's total, and a reload from page 1. */
export interface PagedList<TItem> {
  query: UseInfiniteQueryResult<InfiniteData<unknown>>;
  items: TItem[];
  total: number;
  reload: () => Promise<void>;
}

function uniqueById<TItem extends { id: string }>(items: TItem[]): TItem[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/**
 * Runs a paged list query (see pagedQueryOptions); an item on two pages is listed once. While a new search or
 * filter loads, the previous items stay on screen, so cards (and a menu opened on one) are not torn down.
 */
export function usePagedList<
  TAnswer extends { pagination: { totalItems: number } },
  TItem extends { id: string },
  TKey extends QueryKey,
>(
  options: UseInfiniteQueryOptions<TAnswer, Error, InfiniteData<TAnswer>, TKey, PageParam>,
  itemsOf: (answer: TAnswer) => TItem[],
): PagedList<TItem> {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...options, placeholderData: keepPreviousData });
  const pages = query.data?.pages ?? [];
  const items = uniqueById(pages.flatMap(itemsOf));
  const total = pages.at(-1)?.pagination.totalItems ?? items.length;
  // Reset, not refetch: Try Again starts over at page 1 instead of fetching every loaded page again.
  const reload = () => queryClient.resetQueries({ queryKey: options.queryKey, exact: true });
  return { query, items, total, reload };
}
