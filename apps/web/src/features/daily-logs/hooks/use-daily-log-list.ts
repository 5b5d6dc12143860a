import { useQueryClient } from '@tanstack/react-query';
import type { DailyLogDto } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import {
  NARROW_SCREEN_PX,
  PROJECT_PAGE_SIZE_NARROW,
  PROJECT_PAGE_SIZE_WIDE,
} from '@trowel/shared/projects/project.constants.ts';
import { useState } from 'react';
import { dailyLogsQueryOptions, useDailyLogs } from '../api/get-daily-logs.ts';
import type { DailyLogFilters } from '../types.ts';

/** Logs a page: 8 on screens narrower than 768 px, otherwise 12 (as projects). */
export function logPageSize(width: number): number {
  return width < NARROW_SCREEN_PX ? PROJECT_PAGE_SIZE_NARROW : PROJECT_PAGE_SIZE_WIDE;
}

function uniqueById(logs: DailyLogDto[]): DailyLogDto[] {
  const seen = new Set<string>();
  return logs.filter((log) => (seen.has(log.id) ? false : (seen.add(log.id), true)));
}

/** The loaded pages of logs as one list, its total, and a reload that starts again at page 1. */
export function useDailyLogList(filters: DailyLogFilters) {
  const queryClient = useQueryClient();
  const [limit] = useState(() => logPageSize(window.innerWidth));
  const query = useDailyLogs(filters, limit);
  const pages = query.data?.pages ?? [];
  const logs = uniqueById(pages.flatMap((page) => page.dailyLogs));
  const total = pages.at(-1)?.pagination.totalItems ?? logs.length;
  const reload = () =>
    queryClient.resetQueries({ queryKey: dailyLogsQueryOptions(filters, limit).queryKey, exact: true });
  return { query, logs, total, reload };
}

export type DailyLogList = ReturnType<typeof useDailyLogList>;
