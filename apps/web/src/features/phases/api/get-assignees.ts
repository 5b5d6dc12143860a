import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOOKUP_LIMIT } from '@trowel/shared/config/constants.ts';
import { ASSIGNEE_ROLES } from '@trowel/shared/projects/project.constants.ts';
import type { UserListAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface Assignee {
  id: string;
  name: string;
}

/** Staff a task may be given to: team members and project leads (up to 100 of each), by name. */
export async function getAssignees(signal?: AbortSignal): Promise<Assignee[]> {
  const lists = await Promise.all(
    ASSIGNEE_ROLES.map((role) =>
      api.get<UserListAnswer>('/users/staff', { limit: LOOKUP_LIMIT, role }, signal),
    ),
  );
  return lists
    .flatMap(({ users }) => users.map((user) => ({ id: user.id, name: user.name })))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function assigneesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.users.lookup('assignees'),
    queryFn: ({ signal }) => getAssignees(signal),
  });
}

export function useAssignees(enabled: boolean) {
  return useQuery({ ...assigneesQueryOptions(), enabled });
}
