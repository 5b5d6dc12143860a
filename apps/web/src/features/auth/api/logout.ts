import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { useNavigate } from 'react-router';
import { api, clearToken } from '../../../lib/api-client.ts';
import { unsubscribeThisDevice } from '../../../lib/push/web-push.ts';
import { resetSession } from '../../../lib/session.ts';

export async function logout(): Promise<void> {
  // This device no longer receives the person's notices once they sign out.
  await unsubscribeThisDevice();
  try {
    await api.post<OkMessage>('/auth/logout');
  } catch {
    // Signing out locally must not depend on the server answering.
  }
}

/** Ends the session on the server, forgets the token and goes to the sign-in page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearToken();
      resetSession(queryClient);
      void navigate('/login', { replace: true });
    },
  });
}
