import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import type {
  CreateMaterialRequestInput,
  MaterialRequestAnswer,
  UpdateMaterialRequestInput,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function createMaterialRequest(input: CreateMaterialRequestInput) {
  return api.post<MaterialRequestAnswer>('/material-requests', input);
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

export const useCreateMaterialRequest = () => useMaterialRequestMutation(createMaterialRequest);
/** A review, a store answer or an edit (see updateMaterialRequestInput). */
export const useUpdateMaterialRequest = () => useMaterialRequestMutation(updateMaterialRequest);
export const useDeleteMaterialRequest = () => useMaterialRequestMutation(deleteMaterialRequest);
