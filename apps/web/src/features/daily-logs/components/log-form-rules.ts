import { LOG_MESSAGES, type DailyLogType } from '@trowel/shared/daily-logs/daily-log.schemas.ts';

export interface LogFormValues {
  projectId: string;
  title: string;
  message: string;
  type: DailyLogType;
  isClientVisible: boolean;
}

export type LogFormField = 'projectId' | 'title' | 'message';

/** The first rule the form breaks (spec 1 §5), with the field to return to, or null when it may be sent. */
export function logFormProblem(
  values: LogFormValues,
): { field: LogFormField; title: string; description: string } | null {
  if (!values.projectId) return { field: 'projectId', ...LOG_MESSAGES.projectRequired };
  if (!values.title.trim()) return { field: 'title', ...LOG_MESSAGES.titleRequired };
  if (!values.message.trim()) return { field: 'message', ...LOG_MESSAGES.descriptionRequired };
  return null;
}
