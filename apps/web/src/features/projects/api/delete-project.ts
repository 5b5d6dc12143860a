import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function deleteProject(projectId: string): Promise<{ success: true; message: string }> {
  return api.delete<{ success: true; message: string }>(`/projects/${encodeURIComponent(projectId)}`);
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
