import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, UserAnswer, UserDto } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { setSessionUser } from '../../../lib/session.ts';

export async function updateProfile(userId: string, input: UpdateUserInput): Promise<UserDto> {
  const { user } = await api.put<UserAnswer>(`/users/${encodeURIComponent(userId)}`, input);
  return user;
}

/** Saves the signed-in user's own details and shows them everywhere at once. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateProfile(userId, input),
    onSuccess: async (user) => {
      setSessionUser(queryClient, user);
      await invalidateAll(queryClient, staleAfter.user());
    },
  });
}
