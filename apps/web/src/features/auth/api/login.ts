import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginAnswer, LoginInput } from '@trowel/shared/auth/auth.schemas.ts';
import { api, setToken } from '../../../lib/api-client.ts';
import { browserId } from '../../../lib/browser-id.ts';
import { resetSession, setSessionUser } from '../../../lib/session.ts';

/** Signs in; this browser's own id goes along, so a sign-in from a new browser can be told to the person. */
export function loginWithEmailAndPassword(input: LoginInput): Promise<LoginAnswer> {
  const id = browserId();
  return api.post<LoginAnswer>('/auth/login', id ? { ...input, browserId: id } : input);
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
