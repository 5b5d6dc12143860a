import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateProjectInput,
  ProjectAnswer,
  ProjectDto,
} from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export async function createProject(input: CreateProjectInput): Promise<ProjectDto> {
  const { project } = await api.post<ProjectAnswer>('/projects', input);
  return project;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => invalidateAll(queryClient, staleAfter.project()),
  });
}
