import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDeletedAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function deleteUser(userId: string): Promise<UserDeletedAnswer> {
  return api.delete<UserDeletedAnswer>(`/users/${encodeURIComponent(userId)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => invalidateAll(queryClient, staleAfter.user()),
  });
}
