import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../../lib/query-keys.ts';

export function deleteProject(projectId: string): Promise<OkMessage> {
  return api.delete<OkMessage>(`/projects/${encodeURIComponent(projectId)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, projectId) => {
      queryClient.removeQueries({ queryKey: queryKeys.projects.detail(projectId) });
      return invalidateAll(queryClient, staleAfter.projectEverywhere());
    },
  });
}
