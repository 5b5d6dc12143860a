import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginAnswer, LoginInput } from '@trowel/shared/auth/auth.schemas.ts';
import { api, setToken } from '../../../lib/api-client.ts';
import { resetSession, setSessionUser } from '../../../lib/session.ts';

export function loginWithEmailAndPassword(input: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/auth/login', input);
}

/** Signs in, keeps the token and makes the returned user the session's user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithEmailAndPassword,
    onSuccess: ({ token, user }) => {
      setToken(token);
      resetSession(queryClient);
      setSessionUser(queryClient, user);
    },
  });
}
