import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import type {
  CreateInventoryItemInput,
  CreateInventoryRequestInput,
  InventoryItemAnswer,
  InventoryRequestAnswer,
  UpdateInventoryItemInput,
  UpdateInventoryRequestInput,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import { useIdempotentSend } from '../../../hooks/use-idempotent-send.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export const createInventoryItem = (input: CreateInventoryItemInput) =>
  api.post<InventoryItemAnswer>('/inventory', input);
export const updateInventoryItem = ({ id, ...input }: UpdateInventoryItemInput & { id: string }) =>
  api.put<InventoryItemAnswer>(`/inventory/${id}`, input);
export const deleteInventoryItem = (id: string) => api.delete<OkMessage>(`/inventory/${id}`);
export const createInventoryRequest = (
  input: CreateInventoryRequestInput,
  headers?: Record<string, string>,
) => api.post<InventoryRequestAnswer>('/inventory/requests', input, headers);
export const updateInventoryRequest = ({ id, ...input }: UpdateInventoryRequestInput & { id: string }) =>
  api.put<InventoryRequestAnswer>(`/inventory/requests/${id}`, input);

function useInventoryMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateAll(queryClient, staleAfter.inventory()) });
}

export const useCreateInventoryItem = () => useInventoryMutation(createInventoryItem);
export const useUpdateInventoryItem = () => useInventoryMutation(updateInventoryItem);
export const useDeleteInventoryItem = () => useInventoryMutation(deleteInventoryItem);
/** Sent under an Idempotency-Key, so a retry after a dropped connection cannot make a second request. */
export const useCreateInventoryRequest = () =>
  useInventoryMutation(useIdempotentSend(createInventoryRequest));
/** One step of a request's chain (its new status, notes, the approved quantity). */
export const useUpdateInventoryRequest = () => useInventoryMutation(updateInventoryRequest);
