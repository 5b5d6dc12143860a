import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhaseAnswer } from '@trowel/shared/projects/phase.schemas.ts';
import type { PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { phasePaths } from './paths.ts';

export interface CreatePhaseBody {
  name: string;
  customLabel: string | null;
}

export async function createPhase(projectId: string, body: CreatePhaseBody): Promise<PhaseDto> {
  const { phase } = await api.post<PhaseAnswer>(phasePaths.phases(projectId), body);
  return phase;
}

export function useCreatePhase(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePhaseBody) => createPhase(projectId, body),
    onSuccess: () => invalidateAll(queryClient, staleAfter.project()),
  });
}
