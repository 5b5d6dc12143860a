import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import type {
  SetPasswordInput,
  UpdateVendorInput,
  VendorAnswer,
} from '@trowel/shared/procurement/vendor.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../../lib/query-keys.ts';

export function useMyProfile() {
  return useQuery({
    queryKey: queryKeys.vendorPortal.profile,
    queryFn: ({ signal }) => api.get<VendorAnswer>('/vendors/my-profile', undefined, signal),
    select: (answer) => answer.vendor,
  });
}

/** The vendor edits their own contact person, phone, address and description. */
export function useUpdateMyProfile(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateVendorInput) => api.put<VendorAnswer>(`/vendors/${vendorId}`, input),
    onSuccess: () => invalidateAll(queryClient, [...staleAfter.vendorPortal(), ...staleAfter.user()]),
  });
}

/** Sets the first password of a vendor account from the emailed link. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (input: SetPasswordInput) => api.post<OkMessage>('/auth/set-password', input),
  });
}
