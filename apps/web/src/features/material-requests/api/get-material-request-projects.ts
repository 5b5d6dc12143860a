import { useQuery } from '@tanstack/react-query';
import type { MaterialRequestProjectsAnswer } from '@trowel/shared/material-requests/material-request.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getMaterialRequestProjects(signal?: AbortSignal) {
  return (await api.get<MaterialRequestProjectsAnswer>('/material-requests/projects', undefined, signal))
    .projects;
}

/** The projects the person may ask materials for (those they lead, or are on the team of). */
export function useMaterialRequestProjects(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.materialRequests.projects,
    queryFn: ({ signal }) => getMaterialRequestProjects(signal),
    enabled,
  });
}
