import { useQuery } from '@tanstack/react-query';
import type { StockMovementListAnswer } from '@trowel/shared/inventory/inventory.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const MOVEMENTS_SHOWN = 20;

export function getStockMovements(itemId: string, signal?: AbortSignal) {
  return api.get<StockMovementListAnswer>(
    `/inventory/${itemId}/movements`,
    { limit: MOVEMENTS_SHOWN },
    signal,
  );
}

/** An item's latest stock movements (loaded when opened). */
export function useStockMovements(itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inventory.movements(itemId),
    queryFn: ({ signal }) => getStockMovements(itemId, signal),
    enabled,
  });
}
