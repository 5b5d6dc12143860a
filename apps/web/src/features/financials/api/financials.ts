import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinancialsAnswer, FinancialsInput } from '@trowel/shared/financials/financials.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../../lib/query-keys.ts';

export function financialsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.financials.project(projectId),
    queryFn: async ({ signal }) =>
      (
        await api.get<FinancialsAnswer>(
          `/projects/${encodeURIComponent(projectId)}/financials`,
          undefined,
          signal,
        )
      ).financials,
  });
}

/** A project's financials; null until someone records them. */
export function useFinancials(projectId: string, enabled = true) {
  return useQuery({ ...financialsQueryOptions(projectId), enabled });
}

/** PUT /projects/{id}/financials; the server recomputes the outstanding balance and tells admin and accountant. */
export function useSaveFinancials(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: FinancialsInput) =>
      (await api.put<FinancialsAnswer>(`/projects/${encodeURIComponent(projectId)}/financials`, input))
        .financials,
    onSuccess: (financials) => queryClient.setQueryData(queryKeys.financials.project(projectId), financials),
    onSettled: () => invalidateAll(queryClient, staleAfter.financials(projectId)),
  });
}
