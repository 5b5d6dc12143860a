import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { phasePaths } from './paths.ts';

export function deletePhase(projectId: string, phaseId: string): Promise<OkMessage> {
  return api.delete<OkMessage>(phasePaths.phase(projectId, phaseId));
}

export function useDeletePhase(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phaseId: string) => deletePhase(projectId, phaseId),
    onSuccess: () => invalidateAll(queryClient, staleAfter.project()),
  });
}
