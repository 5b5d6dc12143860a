import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import type {
  CreateMaterialRequestInput,
  MaterialRequestAnswer,
  UpdateMaterialRequestInput,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import { useIdempotentSend } from '../../../hooks/use-idempotent-send.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

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

/** Sent under an Idempotency-Key, so a retry after a dropped connection cannot make a second request. */
export const useCreateMaterialRequest = () =>
  useMaterialRequestMutation(useIdempotentSend(createMaterialRequest));
/** A review, a store answer or an edit (see updateMaterialRequestInput). */
export const useUpdateMaterialRequest = () => useMaterialRequestMutation(updateMaterialRequest);
export const useDeleteMaterialRequest = () => useMaterialRequestMutation(deleteMaterialRequest);
