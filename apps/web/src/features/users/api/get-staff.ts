import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffRole } from '@trowel/shared/auth/roles.ts';
import { ADMIN_PAGE_SIZE } from '@trowel/shared/config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import type { UserListResponse } from '../types.ts';

export interface StaffListParams {
  page: number;
  search: string;
  role: StaffRole | '';
}

export function getStaff(params: StaffListParams, signal?: AbortSignal): Promise<UserListResponse> {
  const query = { page: params.page, limit: ADMIN_PAGE_SIZE, search: params.search, role: params.role };
  return api.get<UserListResponse>('/users/staff', query, signal);
}

export function staffQueryOptions(params: StaffListParams) {
  return queryOptions({
    queryKey: ['users', 'staff', params],
    queryFn: ({ signal }) => getStaff(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaff(params: StaffListParams) {
  return useQuery(staffQueryOptions(params));
}
