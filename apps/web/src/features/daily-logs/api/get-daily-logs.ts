import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DailyLogFilters, DailyLogListResponse } from '../types.ts';

/** The next page to ask for: its number and the position the previous page ended at. */
export interface DailyLogPageParam {
  page: number;
  cursor: string | null;
}

export const dailyLogListKey = ['daily-logs', 'list'] as const;

export function getDailyLogs(
  filters: DailyLogFilters,
  limit: number,
  { page, cursor }: DailyLogPageParam,
  signal?: AbortSignal,
): Promise<DailyLogListResponse> {
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
  return api.get<DailyLogListResponse>('/daily-logs', query, signal);
}

export function dailyLogsQueryOptions(filters: DailyLogFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: [...dailyLogListKey, { ...filters, limit }],
    queryFn: ({ pageParam, signal }) => getDailyLogs(filters, limit, pageParam, signal),
    initialPageParam: { page: 1, cursor: null } as DailyLogPageParam,
    getNextPageParam: (last): DailyLogPageParam | undefined =>
      last.pagination.hasNext
        ? { page: last.pagination.currentPage + 1, cursor: last.pagination.nextCursor }
        : undefined,
  });
}

/** Pages of daily logs, newest first; the next page follows the previous page's cursor. */
export function useDailyLogs(filters: DailyLogFilters, limit: number) {
  return useInfiniteQuery(dailyLogsQueryOptions(filters, limit));
}
