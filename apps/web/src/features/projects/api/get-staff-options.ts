import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOOKUP_LIMIT } from '@trowel/shared/config/constants.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';

export async function getStaffOptions(signal?: AbortSignal): Promise<UserDto[]> {
  const { users } = await api.get<{ users: UserDto[] }>('/users/staff', { limit: LOOKUP_LIMIT }, signal);
  return users;
}

export function staffOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'lookup', 'staff'],
    queryFn: ({ signal }) => getStaffOptions(signal),
  });
}

/** Staff to choose a project lead and team members from (up to 100). */
export function useStaffOptions() {
  return useQuery(staffOptionsQueryOptions());
}
