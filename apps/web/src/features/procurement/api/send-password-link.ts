import { useMutation } from '@tanstack/react-query';
import type { PasswordLinkSentAnswer } from '@trowel/shared/procurement/vendor.schemas.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /vendors/{id}/password-link: a new link for the vendor to set their password. */
export function sendPasswordLink(vendorId: string) {
  return api.post<PasswordLinkSentAnswer>(`/vendors/${vendorId}/password-link`, {});
}

export function useSendPasswordLink() {
  return useMutation({ mutationFn: sendPasswordLink });
}
