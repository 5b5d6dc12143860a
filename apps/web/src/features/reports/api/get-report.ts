import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportAnswer, ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { ReportFilters } from '../types.ts';

export async function getReport(filters: ReportFilters, signal?: AbortSignal): Promise<ReportDto> {
  const { report } = await api.get<ReportAnswer>('/reports', { ...filters }, signal);
  return report;
}

export function reportQueryOptions(filters: ReportFilters) {
  return queryOptions({
    queryKey: queryKeys.reports.report(filters),
    queryFn: ({ signal }) => getReport(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** Project counts, money and progress for a timeframe and category. */
export function useReport(filters: ReportFilters) {
  return useQuery(reportQueryOptions(filters));
}
