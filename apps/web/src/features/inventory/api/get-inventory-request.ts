import { useQuery } from '@tanstack/react-query';
import type { InventoryRequestAnswer } from '@trowel/shared/inventory/inventory.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getInventoryRequest(id: string, signal?: AbortSignal) {
  return api.get<InventoryRequestAnswer>(`/inventory/requests/${id}`, undefined, signal);
}

/** One request with its history (loaded when its history is opened). */
export function useInventoryRequest(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inventory.requestDetail(id),
    queryFn: ({ signal }) => getInventoryRequest(id, signal),
    enabled,
  });
}
