import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateVendorInput,
  UpdateVendorInput,
  VendorAnswer,
  VendorCreatedAnswer,
} from '@trowel/shared/procurement/vendor.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export type SaveVendor = { id: null; input: CreateVendorInput } | { id: string; input: UpdateVendorInput };

/** What saving answered: a new vendor (with how they get their link), or the vendor edited. */
export type SavedVendor =
  { created: true; answer: VendorCreatedAnswer } | { created: false; answer: VendorAnswer };

export async function saveVendor(save: SaveVendor): Promise<SavedVendor> {
  if (save.id)
    return { created: false, answer: await api.put<VendorAnswer>(`/vendors/${save.id}`, save.input) };
  return { created: true, answer: await api.post<VendorCreatedAnswer>('/vendors', save.input) };
}

/** Adds or edits a vendor; every procurement list shows the change. */
export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVendor,
    onSuccess: () => invalidateAll(queryClient, staleAfter.procurement()),
  });
}
