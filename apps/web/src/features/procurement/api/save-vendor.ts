import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateVendorInput,
  UpdateVendorInput,
  VendorAnswer,
} from '@trowel/shared/procurement/vendor.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export type SaveVendor = { id: null; input: CreateVendorInput } | { id: string; input: UpdateVendorInput };

export function saveVendor(save: SaveVendor) {
  return save.id
    ? api.put<VendorAnswer>(`/vendors/${save.id}`, save.input)
    : api.post<VendorAnswer & { message: string }>('/vendors', save.input);
}

/** Adds or edits a vendor; every procurement list shows the change. */
export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVendor,
    onSuccess: () => invalidateAll(queryClient, staleAfter.procurement()),
  });
}
