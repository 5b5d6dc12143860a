import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface DeleteUserResponse {
  success: true;
  message: string;
  /** True when the account was kept (it has history) but can no longer sign in. */
  deactivated: boolean;
}

export function deleteUser(userId: string): Promise<DeleteUserResponse> {
  return api.delete<DeleteUserResponse>(`/users/${encodeURIComponent(userId)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
