import { useQuery } from '@tanstack/react-query';
import type { InventoryListAnswer } from '@trowel/shared/inventory/inventory.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Stores items whose name holds `search` (two letters at least), the first eight, newest first. */
export function useStockItemSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: queryKeys.inventory.items({ search: term, category: '', limit: 8 }),
    queryFn: async ({ signal }) =>
      (
        await api.get<InventoryListAnswer>(
          '/inventory',
          { page: 1, limit: 8, sortBy: 'createdAt', sortOrder: 'desc', search: term },
          signal,
        )
      ).items,
    enabled: term.length >= 2,
  });
}
