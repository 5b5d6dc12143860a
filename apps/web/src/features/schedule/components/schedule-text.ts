import { slipDays } from '@trowel/shared/schedule/critical-path.ts';
import type { ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { formatDateOnly } from '../../../lib/format-date.ts';

const plural = (count: number, one: string) => `${count} ${one}${Math.abs(count) === 1 ? '' : 's'}`;

/** A task's float in words: "Critical", "3 days of float", or nothing for an undated task. */
export function floatText(task: Pick<ScheduleTaskDto, 'critical' | 'totalFloat'>): string | null {
  if (task.totalFloat === null) return null;
  if (task.critical) return 'Critical';
  return `${plural(task.totalFloat, 'day')} of float`;
}

/** A task's slip against the baseline in words, or null without a baseline or when it has not moved. */
export function slipText(task: Pick<ScheduleTaskDto, 'endDate' | 'baselineEnd'>): string | null {
  const days = slipDays(task);
  if (days === null) return null;
  if (days === 0) return 'On baseline';
  return days > 0 ? `${plural(days, 'day')} late` : `${plural(-days, 'day')} ahead`;
}

/** A task's dates, e.g. "03 Mar 2026 – 07 Mar 2026", or "No dates yet". */
export function datesText(task: Pick<ScheduleTaskDto, 'startDate' | 'endDate'>): string {
  if (!task.startDate || !task.endDate) return 'No dates yet';
  return `${formatDateOnly(task.startDate)} – ${formatDateOnly(task.endDate)}`;
}

/** Everything a bar shows, in words for screen readers and the tooltip. */
export function taskSummary(task: ScheduleTaskDto): string {
  return [task.name, datesText(task), `${task.progress}% done`, floatText(task), slipText(task)]
    .filter((part): part is string => part !== null)
    .join(', ');
}
