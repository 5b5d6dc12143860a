import type { DailyLogListAnswer } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { DailyLogFilters } from '../types.ts';

export function getDailyLogs(
  filters: DailyLogFilters,
  limit: number,
  { page, cursor }: PageParam,
  signal?: AbortSignal,
): Promise<DailyLogListAnswer> {
  const query = {
    page,
    limit,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    projectId: filters.projectId,
    startDate: filters.startDate,
    endDate: filters.endDate,
    cursor,
  };
  return api.get<DailyLogListAnswer>('/daily-logs', query, signal);
}

export function dailyLogsQueryOptions(filters: DailyLogFilters, limit: number) {
  return pagedQueryOptions(queryKeys.dailyLogs.list(filters, limit), (param, signal) =>
    getDailyLogs(filters, limit, param, signal),
  );
}

/** Pages of daily logs, newest first, as one list; the next page follows the previous page's cursor. */
export function useDailyLogs(filters: DailyLogFilters, limit: number) {
  return usePagedList(dailyLogsQueryOptions(filters, limit), (answer) => answer.dailyLogs);
}
