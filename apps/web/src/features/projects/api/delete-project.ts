import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';

export function deleteProject(projectId: string): Promise<OkMessage> {
  return api.delete<OkMessage>(`/projects/${encodeURIComponent(projectId)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, projectId) => {
      queryClient.removeQueries({ queryKey: ['projects', 'detail', projectId] });
      return queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
