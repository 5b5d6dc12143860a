import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CompanyCostsAnswer, ProjectCostsDto } from '@trowel/shared/costs/cost.schemas.ts';
import { api, apiFile } from '../../../lib/api-client.ts';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const COMPANY_COSTS_PER_PAGE = 20;

/** GET /projects/{id}/costs: the project's budget against what it costs, by category. */
export function useProjectCosts(projectId: string) {
  return useQuery({
    queryKey: queryKeys.costs.project(projectId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ costs: ProjectCostsDto }>(
          `/projects/${encodeURIComponent(projectId)}/costs`,
          undefined,
          signal,
        )
      ).costs,
  });
}

/** GET /costs: a page of the company's projects with their costs, and the totals of every project. */
export function useCompanyCosts(page: number, limit = COMPANY_COSTS_PER_PAGE) {
  return useQuery({
    queryKey: [...queryKeys.costs.company(page), limit],
    queryFn: ({ signal }) => api.get<CompanyCostsAnswer>('/costs', { page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the project's costs as CSV under the server's file name. */
export function useExportProjectCosts(projectId: string) {
  return useMutation({
    mutationFn: async () => {
      const { blob, headers } = await apiFile(`/projects/${encodeURIComponent(projectId)}/costs/export`);
      const fileName = fileNameFromDisposition(headers.get('Content-Disposition')) ?? 'costs.csv';
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}
