import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOOKUP_LIMIT } from '@trowel/shared/config/constants.ts';
import type { UserDto, UserListAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { UserKind } from '../types.ts';

/** The staff member or client whose name is exactly `name` (the search also finds partial matches). */
export async function findUserByName(
  kind: UserKind,
  name: string,
  signal?: AbortSignal,
): Promise<UserDto | null> {
  const { users } = await api.get<UserListAnswer>(
    kind === 'staff' ? '/users/staff' : '/users/clients',
    { limit: LOOKUP_LIMIT, search: name },
    signal,
  );
  const wanted = name.trim().toLowerCase();
  return (
    users.find((user) => user.name === name) ??
    users.find((user) => user.name.trim().toLowerCase() === wanted) ??
    null
  );
}

export function userByNameQueryOptions(kind: UserKind, name: string) {
  return queryOptions({
    queryKey: queryKeys.users.byName(kind, name),
    queryFn: ({ signal }) => findUserByName(kind, name, signal),
  });
}

export function useUserByName(kind: UserKind, name: string) {
  return useQuery(userByNameQueryOptions(kind, name));
}
