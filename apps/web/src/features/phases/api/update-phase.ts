import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhaseAnswer, UpdatePhaseInput } from '@trowel/shared/projects/phase.schemas.ts';
import type { PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { phasePaths } from './paths.ts';

export async function updatePhase(
  projectId: string,
  phaseId: string,
  body: UpdatePhaseInput,
): Promise<PhaseDto> {
  const { phase } = await api.put<PhaseAnswer>(phasePaths.phase(projectId, phaseId), body);
  return phase;
}

export function useUpdatePhase(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ phaseId, body }: { phaseId: string; body: UpdatePhaseInput }) =>
      updatePhase(projectId, phaseId, body),
    onSuccess: () => invalidateAll(queryClient, staleAfter.project()),
  });
}
