import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, UserAnswer, UserDto } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export async function createUser(input: CreateUserInput): Promise<UserDto> {
  const { user } = await api.post<UserAnswer>('/users', input);
  return user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => invalidateAll(queryClient, staleAfter.user()),
  });
}
