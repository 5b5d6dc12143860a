import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectAnswer, ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getProject(projectId: string, signal?: AbortSignal): Promise<ProjectDto> {
  const { project } = await api.get<ProjectAnswer>(
    `/projects/${encodeURIComponent(projectId)}`,
    undefined,
    signal,
  );
  return project;
}

export function projectQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projects.detail(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
    staleTime: 0,
  });
}

/** One project with its team, phases, tasks and attachments; 404 when missing or not visible. */
export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
