import {
  createDailyLogFields,
  LOG_MESSAGES,
  type DailyLogType,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import type { FieldErrors } from 'react-hook-form';
import { bodySchema } from '../../../lib/form-schema.ts';

export interface LogFormValues {
  projectId: string;
  title: string;
  message: string;
  type: DailyLogType;
  isClientVisible: boolean;
}

export type LogFormField = 'projectId' | 'title' | 'message';

/** The form is checked as POST /daily-logs checks its fields (the form holds them as sent). */
export const logFormSchema = bodySchema((values: LogFormValues) => values, createDailyLogFields);

/** The toast of each field the form asks for, in the order it asks (spec 1 §5). */
const FIELD_TOASTS = [
  ['projectId', LOG_MESSAGES.projectRequired],
  ['title', LOG_MESSAGES.titleRequired],
  ['message', LOG_MESSAGES.descriptionRequired],
] as const;

/** The first field the form refused, with its toast, or null. */
export function firstLogProblem(
  errors: FieldErrors<LogFormValues>,
): { field: LogFormField; title: string; description: string } | null {
  const found = FIELD_TOASTS.find(([field]) => errors[field]);
  return found ? { field: found[0], ...found[1] } : null;
}
