import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function deleteVendor(vendorId: string) {
  return api.delete<OkMessage>(`/vendors/${vendorId}`);
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVendor,
    onSuccess: () => invalidateAll(queryClient, staleAfter.procurement()),
  });
}
