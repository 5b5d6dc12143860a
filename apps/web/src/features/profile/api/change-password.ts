import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@trowel/shared/auth/auth.schemas.ts';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';

/** A wrong current password answers 400 (WRONG_PASSWORD), so it never ends the session. */
export function changePassword(input: ChangePasswordInput): Promise<OkMessage> {
  return api.post<OkMessage>('/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
