import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffRole } from '@trowel/shared/auth/roles.ts';
import { ADMIN_PAGE_SIZE } from '@trowel/shared/config/constants.ts';
import type { UserListAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface StaffListParams {
  page: number;
  search: string;
  role: StaffRole | '';
  /** The previous page's `nextCursor`, when this page follows it: read by key, at any depth. */
  cursor?: string | undefined;
}

export function getStaff(params: StaffListParams, signal?: AbortSignal): Promise<UserListAnswer> {
  const query = {
    page: params.page,
    limit: ADMIN_PAGE_SIZE,
    search: params.search,
    role: params.role,
    cursor: params.cursor,
  };
  return api.get<UserListAnswer>('/users/staff', query, signal);
}

export function staffQueryOptions(params: StaffListParams) {
  return queryOptions({
    queryKey: queryKeys.users.staff(params),
    queryFn: ({ signal }) => getStaff(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaff(params: StaffListParams) {
  return useQuery(staffQueryOptions(params));
}
