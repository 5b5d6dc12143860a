import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import type {
  CreateMaterialRequestInput,
  MaterialRequestAnswer,
  UpdateMaterialRequestInput,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { sendOrQueue } from '../../../lib/outbox/send-or-queue.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { useCurrentUser } from '../../../lib/session.ts';

export function createMaterialRequest(input: CreateMaterialRequestInput, headers?: Record<string, string>) {
  return api.post<MaterialRequestAnswer>('/material-requests', input, headers);
}

export function updateMaterialRequest({ id, ...input }: UpdateMaterialRequestInput & { id: string }) {
  return api.put<MaterialRequestAnswer>(`/material-requests/${id}`, input);
}

export function deleteMaterialRequest(id: string) {
  return api.delete<OkMessage>(`/material-requests/${id}`);
}

function useMaterialRequestMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateAll(queryClient, staleAfter.materialRequest()),
  });
}

/** The request as an outbox item: sent later, when the network is back. */
export function materialRequestOutboxItem(input: CreateMaterialRequestInput, userId: string) {
  const items = input.items.map((item) => `${item.quantity} × ${item.name}`).join(', ');
  return {
    userId,
    kind: 'material-request' as const,
    label: `Material request: ${items}`,
    projectId: input.projectId,
    method: 'POST' as const,
    path: '/material-requests',
    body: { type: 'json' as const, value: input },
    preview: { projectId: input.projectId, items, notes: input.notes ?? '' },
  };
}

/**
 * A new request sent now, or kept in the outbox when offline or the network fails on the way (then
 * sent under the same Idempotency-Key): the answer says which.
 */
export function useSubmitMaterialRequest() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    // Offline the mutation runs at once: it is the outbox that waits for the network.
    networkMode: 'always',
    mutationFn: (input: CreateMaterialRequestInput) =>
      sendOrQueue(materialRequestOutboxItem(input, user.id), (headers) =>
        createMaterialRequest(input, headers),
      ),
    onSuccess: (result) =>
      result.queued ? undefined : invalidateAll(queryClient, staleAfter.materialRequest()),
  });
}

/** A review, a store answer or an edit (see updateMaterialRequestInput). */
export const useUpdateMaterialRequest = () => useMaterialRequestMutation(updateMaterialRequest);
export const useDeleteMaterialRequest = () => useMaterialRequestMutation(deleteMaterialRequest);
