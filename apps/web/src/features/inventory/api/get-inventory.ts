import type { InventoryListAnswer } from '@trowel/shared/inventory/inventory.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface InventoryFilters {
  search: string;
  category: string;
}

export function getInventory(
  filters: InventoryFilters,
  limit: number,
  { page }: PageParam,
  signal?: AbortSignal,
) {
  return api.get<InventoryListAnswer>(
    '/inventory',
    {
      page,
      limit,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: filters.search,
      // '' is every category; the API reads a present category as an exact filter.
      category: filters.category || undefined,
    },
    signal,
  );
}

/** The stock, newest items first, with each item's low-stock flag and the categories in use. */
export function useInventory(filters: InventoryFilters, limit: number) {
  const list = usePagedList(
    pagedQueryOptions(queryKeys.inventory.items({ ...filters, limit }), (param, signal) =>
      getInventory(filters, limit, param, signal),
    ),
    (answer) => answer.items,
  );
  const pages = list.query.data?.pages as InventoryListAnswer[] | undefined;
  return { list, categories: pages?.[0]?.categories ?? [] };
}
