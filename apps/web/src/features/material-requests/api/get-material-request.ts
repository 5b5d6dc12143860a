import { useQuery } from '@tanstack/react-query';
import type { MaterialRequestAnswer } from '@trowel/shared/material-requests/material-request.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getMaterialRequest(id: string, signal?: AbortSignal) {
  return api.get<MaterialRequestAnswer>(`/material-requests/${id}`, undefined, signal);
}

/** One request with its history (loaded when its history is opened). */
export function useMaterialRequest(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.materialRequests.detail(id),
    queryFn: ({ signal }) => getMaterialRequest(id, signal),
    enabled,
  });
}
