import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@trowel/shared/config/constants.ts';
import type { UserListAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ClientListParams {
  page: number;
  search: string;
  /** The previous page's `nextCursor`, when this page follows it: read by key, at any depth. */
  cursor?: string | undefined;
}

export function getClients(params: ClientListParams, signal?: AbortSignal): Promise<UserListAnswer> {
  const query = { page: params.page, limit: ADMIN_PAGE_SIZE, search: params.search, cursor: params.cursor };
  return api.get<UserListAnswer>('/users/clients', query, signal);
}

export function clientsQueryOptions(params: ClientListParams) {
  return queryOptions({
    queryKey: queryKeys.users.clients(params),
    queryFn: ({ signal }) => getClients(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClients(params: ClientListParams) {
  return useQuery(clientsQueryOptions(params));
}
