import { useQuery } from '@tanstack/react-query';
import type { InventoryCategoriesAnswer } from '@trowel/shared/inventory/inventory.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getInventoryCategories(signal?: AbortSignal) {
  return (await api.get<InventoryCategoriesAnswer>('/inventory/categories', undefined, signal)).categories;
}

/** The categories items are filed under, for the item form's picker. */
export function useInventoryCategories() {
  return useQuery({
    queryKey: queryKeys.inventory.categories,
    queryFn: ({ signal }) => getInventoryCategories(signal),
  });
}
