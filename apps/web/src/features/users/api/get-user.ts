import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAnswer, UserDto } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getUser(userId: string, signal?: AbortSignal): Promise<UserDto> {
  const { user } = await api.get<UserAnswer>(`/users/${encodeURIComponent(userId)}`, undefined, signal);
  return user;
}

export function userQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.users.detail(userId),
    queryFn: ({ signal }) => getUser(userId, signal),
    staleTime: 0,
  });
}

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
