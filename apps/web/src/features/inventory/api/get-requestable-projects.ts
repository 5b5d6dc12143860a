import { useQuery } from '@tanstack/react-query';
import type { RequestableProjectsAnswer } from '@trowel/shared/inventory/inventory.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getRequestableProjects(signal?: AbortSignal) {
  return (await api.get<RequestableProjectsAnswer>('/inventory/requests/projects', undefined, signal))
    .projects;
}

/** Projects the person may request stock for (all, or those listing them as a team member). */
export function useRequestableProjects(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inventory.projects,
    queryFn: ({ signal }) => getRequestableProjects(signal),
    enabled,
  });
}
