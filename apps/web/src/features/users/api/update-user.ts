import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, UserAnswer, UserDto } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../../lib/query-keys.ts';
import { setSessionUser } from '../../../lib/session.ts';

export async function updateUser(userId: string, input: UpdateUserInput): Promise<UserDto> {
  const { user } = await api.put<UserAnswer>(`/users/${encodeURIComponent(userId)}`, input);
  return user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: UpdateUserInput }) => updateUser(userId, input),
    onSuccess: async (user) => {
      // An administrator editing their own account sees the change in the header at once.
      if (queryClient.getQueryData<UserDto | null>(queryKeys.session)?.id === user.id) {
        setSessionUser(queryClient, user);
      }
      queryClient.setQueryData(queryKeys.users.detail(user.id), user);
      await invalidateAll(queryClient, staleAfter.user());
    },
  });
}
