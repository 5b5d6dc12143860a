import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@trowel/shared/auth/auth.schemas.ts';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordResponse {
  success: true;
  message: string;
}

/** A wrong current password answers 400 (WRONG_PASSWORD), so it never ends the session. */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
