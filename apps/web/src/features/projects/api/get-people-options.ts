import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOOKUP_LIMIT } from '@trowel/shared/config/constants.ts';
import type { UserDto, UserListAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Staff give a project its lead and team members; clients give it its client. */
export type PeopleKind = 'staff' | 'clients';

export async function getPeopleOptions(kind: PeopleKind, signal?: AbortSignal): Promise<UserDto[]> {
  const { users } = await api.get<UserListAnswer>(`/users/${kind}`, { limit: LOOKUP_LIMIT }, signal);
  return users;
}

export function peopleOptionsQueryOptions(kind: PeopleKind) {
  return queryOptions({
    queryKey: queryKeys.users.lookup(kind),
    queryFn: ({ signal }) => getPeopleOptions(kind, signal),
  });
}

/** Staff or clients to choose from in the project form (up to 100). */
export function usePeopleOptions(kind: PeopleKind) {
  return useQuery(peopleOptionsQueryOptions(kind));
}
