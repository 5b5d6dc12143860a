import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats, DashboardStatsAnswer } from '@trowel/shared/projects/project.schemas.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  const { stats } = await api.get<DashboardStatsAnswer>('/projects/dashboard-stats', undefined, signal);
  if (!stats) throw new ApiError('Invalid response format', 200);
  return stats;
}

export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.projects.dashboardStats,
    queryFn: ({ signal }) => getDashboardStats(signal),
  });
}

/** Counts and totals of the projects this user can see, and the active ones with their progress. */
export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
