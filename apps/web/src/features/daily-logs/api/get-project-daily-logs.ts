import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyLogListAnswer } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { DETAIL_LOG_COUNT } from '@trowel/shared/projects/project.constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getProjectDailyLogs(projectId: string, signal?: AbortSignal): Promise<DailyLogListAnswer> {
  return api.get<DailyLogListAnswer>(
    `/daily-logs/project/${encodeURIComponent(projectId)}`,
    { limit: DETAIL_LOG_COUNT },
    signal,
  );
}

export function projectDailyLogsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.dailyLogs.latest(projectId),
    queryFn: ({ signal }) => getProjectDailyLogs(projectId, signal),
  });
}

/** The 5 latest logs of one project, for its detail page. */
export function useProjectDailyLogs(projectId: string) {
  return useQuery(projectDailyLogsQueryOptions(projectId));
}
