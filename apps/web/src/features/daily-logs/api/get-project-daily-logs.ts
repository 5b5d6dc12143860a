import { queryOptions, useQuery } from '@tanstack/react-query';
import { DETAIL_LOG_COUNT } from '@trowel/shared/projects/project.constants.ts';
import { api } from '../../../lib/api-client.ts';
import type { DailyLogListResponse } from '../types.ts';

export function getProjectDailyLogs(projectId: string, signal?: AbortSignal): Promise<DailyLogListResponse> {
  return api.get<DailyLogListResponse>(
    `/daily-logs/project/${encodeURIComponent(projectId)}`,
    { limit: DETAIL_LOG_COUNT },
    signal,
  );
}

export function projectDailyLogsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['daily-logs', 'project', projectId],
    queryFn: ({ signal }) => getProjectDailyLogs(projectId, signal),
  });
}

/** The 5 latest logs of one project, for its detail page. */
export function useProjectDailyLogs(projectId: string) {
  return useQuery(projectDailyLogsQueryOptions(projectId));
}
