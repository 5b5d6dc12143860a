import { useQuery } from '@tanstack/react-query';
import type { MaterialRequestProjectPurpose } from '@trowel/shared/material-requests/material-request.policy.ts';
import type { MaterialRequestProjectsAnswer } from '@trowel/shared/material-requests/material-request.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getMaterialRequestProjects(
  purpose: MaterialRequestProjectPurpose,
  signal?: AbortSignal,
) {
  return (await api.get<MaterialRequestProjectsAnswer>('/material-requests/projects', { purpose }, signal))
    .projects;
}

/**
 * The projects the person may ask materials for ('request': those they lead, or are on the team of), or
 * filter their requests by ('filter': every project for those who read all requests), by the shared rule.
 */
export function useMaterialRequestProjects(purpose: MaterialRequestProjectPurpose, enabled = true) {
  return useQuery({
    queryKey: queryKeys.materialRequests.projects(purpose),
    queryFn: ({ signal }) => getMaterialRequestProjects(purpose, signal),
    enabled,
  });
}
