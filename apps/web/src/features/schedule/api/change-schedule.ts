import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTaskLinkInput,
  ScheduleDto,
  TaskMove,
  taskLinkAnswer,
} from '@trowel/shared/schedule/schedule.schemas.ts';
import type { z } from 'zod';
import { useIdempotentSend } from '../../../hooks/use-idempotent-send.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../../lib/query-keys.ts';
import { schedulePath, type ScheduleAnswer } from './get-schedule.ts';

type TaskLinkAnswer = z.infer<typeof taskLinkAnswer>;

const part = encodeURIComponent;

/**
 * The schedule's changes: link two tasks, remove a link, move a task, save the baseline. Each answer
 * (or a fresh load) replaces the schedule, and the project's other screens are refreshed.
 */
export function useScheduleChanges(projectId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.schedule.project(projectId);
  const refresh = () => invalidateAll(queryClient, staleAfter.project());
  const show = (schedule: ScheduleDto) => queryClient.setQueryData(key, schedule);

  const sendLink = useIdempotentSend(
    async (input: CreateTaskLinkInput, headers: Record<string, string>) =>
      (await api.post<TaskLinkAnswer>(`${schedulePath(projectId)}/links`, input, headers)).schedule,
  );
  const link = useMutation({ mutationFn: sendLink, onSuccess: show, onSettled: refresh });

  const unlink = useMutation({
    mutationFn: (linkId: string) => api.delete(`${schedulePath(projectId)}/links/${part(linkId)}`),
    onSettled: refresh,
  });

  const move = useMutation({
    mutationFn: ({ taskId, phaseId, startDate, endDate }: TaskMove) =>
      api.put(`/projects/${part(projectId)}/phases/${part(phaseId)}/tasks/${part(taskId)}`, {
        startDate,
        endDate,
      }),
    onSettled: refresh,
  });

  const saveBaseline = useMutation({
    mutationFn: async () =>
      (await api.post<ScheduleAnswer>(`${schedulePath(projectId)}/baseline`, {})).schedule,
    onSuccess: show,
    onSettled: refresh,
  });

  return { link, unlink, move, saveBaseline };
}
