import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ProjectAnswer,
  ProjectDto,
  UpdateProjectInput,
} from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../../lib/query-keys.ts';

export async function updateProject(projectId: string, input: UpdateProjectInput): Promise<ProjectDto> {
  const { project } = await api.put<ProjectAnswer>(`/projects/${encodeURIComponent(projectId)}`, input);
  return project;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, input }: { projectId: string; input: UpdateProjectInput }) =>
      updateProject(projectId, input),
    onSuccess: async (project) => {
      queryClient.setQueryData(queryKeys.projects.detail(project.id), project);
      await invalidateAll(queryClient, staleAfter.projectEverywhere());
    },
  });
}
