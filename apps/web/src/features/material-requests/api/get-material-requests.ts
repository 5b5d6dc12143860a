import type { MaterialRequestListAnswer } from '@trowel/shared/material-requests/material-request.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const MATERIAL_REQUEST_PAGE_SIZE = 10;

export interface MaterialRequestFilters {
  projectId: string;
  status: string;
}

export function getMaterialRequests(
  filters: MaterialRequestFilters,
  { page }: PageParam,
  signal?: AbortSignal,
) {
  return api.get<MaterialRequestListAnswer>(
    '/material-requests',
    { page, limit: MATERIAL_REQUEST_PAGE_SIZE, sortBy: 'createdAt', sortOrder: 'desc', ...filters },
    signal,
  );
}

/** The material requests the person may see, newest first. */
export function useMaterialRequests(filters: MaterialRequestFilters) {
  return usePagedList(
    pagedQueryOptions(queryKeys.materialRequests.list(filters), (param, signal) =>
      getMaterialRequests(filters, param, signal),
    ),
    (answer) => answer.materialRequests,
  );
}
