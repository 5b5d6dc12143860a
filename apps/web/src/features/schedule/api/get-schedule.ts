import { queryOptions, useQuery } from '@tanstack/react-query';
import type { scheduleAnswer } from '@trowel/shared/schedule/schedule.schemas.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ScheduleAnswer = z.infer<typeof scheduleAnswer>;

/** The path of a project's schedule and of what hangs under it (links, baseline). */
export const schedulePath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/schedule`;

export const scheduleQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.schedule.project(projectId),
    queryFn: async ({ signal }) =>
      (await api.get<ScheduleAnswer>(schedulePath(projectId), undefined, signal)).schedule,
  });

/** A project's schedule: its tasks with early and late dates, float, baseline and slip, and its links. */
export function useSchedule(projectId: string) {
  return useQuery(scheduleQuery(projectId));
}
