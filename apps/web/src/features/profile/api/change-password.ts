import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@trowel/shared/auth/auth.schemas.ts';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys } from '../../../lib/query-keys.ts';

/** A wrong current password answers 400 (WRONG_PASSWORD), so it never ends the session. */
export function changePassword(input: ChangePasswordInput): Promise<OkMessage> {
  return api.post<OkMessage>('/auth/change-password', input);
}

/** Changes the password; the change shows in the profile's recent activity. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => invalidateAll(queryClient, [queryKeys.users.allActivity]),
  });
}
