import { useQuery } from '@tanstack/react-query';
import type { ProjectChoicesAnswer } from '@trowel/shared/projects/project-choice.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getBudgetProjects(signal?: AbortSignal) {
  return (await api.get<ProjectChoicesAnswer>('/budgets/projects', undefined, signal)).projects;
}

/** The projects the person may create budgets on (a lead those they lead), by the shared rule. */
export function useBudgetProjects(enabled = true) {
  return useQuery({
    queryKey: queryKeys.budgets.projects,
    queryFn: ({ signal }) => getBudgetProjects(signal),
    enabled,
  });
}
