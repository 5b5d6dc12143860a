import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePhaseInput, PhaseAnswer } from '@trowel/shared/projects/phase.schemas.ts';
import type { PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { phasePaths } from './paths.ts';

export async function createPhase(projectId: string, body: CreatePhaseInput): Promise<PhaseDto> {
  const { phase } = await api.post<PhaseAnswer>(phasePaths.phases(projectId), body);
  return phase;
}

export function useCreatePhase(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePhaseInput) => createPhase(projectId, body),
    onSuccess: () => invalidateAll(queryClient, staleAfter.project()),
  });
}
