import type { InventoryRequestListAnswer } from '@trowel/shared/inventory/inventory.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getInventoryRequests(
  search: string,
  limit: number,
  { page }: PageParam,
  signal?: AbortSignal,
) {
  return api.get<InventoryRequestListAnswer>(
    '/inventory/requests',
    { page, limit, sortBy: 'createdAt', sortOrder: 'desc', search },
    signal,
  );
}

/** The requests log: the person's own, their projects' for a lead, everyone's for the store and admins. */
export function useInventoryRequests(search: string, limit: number) {
  return usePagedList(
    pagedQueryOptions(queryKeys.inventory.requests({ search, limit }), (param, signal) =>
      getInventoryRequests(search, limit, param, signal),
    ),
    (answer) => answer.requests,
  );
}
