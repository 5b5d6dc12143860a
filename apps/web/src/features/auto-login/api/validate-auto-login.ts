import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ValidateAutoLoginAnswer } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import { api, setToken } from '../../../lib/api-client.ts';
import { resetSession, setSessionUser } from '../../../lib/session.ts';

/** Exchanges a link's token for an ordinary session of the vendor. */
export function validateAutoLogin(token: string): Promise<ValidateAutoLoginAnswer> {
  return api.post<ValidateAutoLoginAnswer>('/auto-login/validate', { token });
}

/** Validates the link, keeps the new session's token and makes its user the session's user. */
export function useValidateAutoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateAutoLogin,
    onSuccess: ({ token, user }) => {
      setToken(token);
      resetSession(queryClient);
      setSessionUser(queryClient, user);
    },
  });
}
