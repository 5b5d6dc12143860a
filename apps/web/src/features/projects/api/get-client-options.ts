import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOOKUP_LIMIT } from '@trowel/shared/config/constants.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';

export async function getClientOptions(signal?: AbortSignal): Promise<UserDto[]> {
  const { users } = await api.get<{ users: UserDto[] }>('/users/clients', { limit: LOOKUP_LIMIT }, signal);
  return users;
}

export function clientOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'lookup', 'clients'],
    queryFn: ({ signal }) => getClientOptions(signal),
  });
}

/** Clients to choose a project's client from (up to 100). */
export function useClientOptions() {
  return useQuery(clientOptionsQueryOptions());
}
