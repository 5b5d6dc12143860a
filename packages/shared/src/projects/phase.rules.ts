import type { ProjectStatus } from './project.constants.ts';

/**
 * A phase's status from its tasks: all at 100 → completed; some work done (a task partly done, or
 * some done and others still at zero) → in_progress; all at zero → not_started; no tasks → unchanged.
 */
export function derivePhaseStatus(taskProgress: readonly number[], current: ProjectStatus): ProjectStatus {
  if (taskProgress.length === 0) return current;
  if (taskProgress.every((progress) => progress >= 100)) return 'completed';
  if (taskProgress.some((progress) => progress > 0)) return 'in_progress';
  return 'not_started';
}

/** A phase's progress: the rounded average of its tasks' progress; unchanged with no tasks. */
export function derivePhaseProgress(taskProgress: readonly number[], current: number): number {
  if (taskProgress.length === 0) return current;
  return Math.round(taskProgress.reduce((sum, progress) => sum + progress, 0) / taskProgress.length);
}

/** A project's progress: the rounded average of its phases' progress; unchanged with no phases. */
export function deriveProjectProgress(phaseProgress: readonly number[], current: number): number {
  if (phaseProgress.length === 0) return current;
  return Math.round(phaseProgress.reduce((sum, progress) => sum + progress, 0) / phaseProgress.length);
}

/** A task is overdue when its end date is before today and it is not finished. */
export function isTaskOverdue(task: { endDate: string | null; progress: number }, today: string): boolean {
  return task.endDate !== null && task.endDate < today && task.progress < 100;
}

export { todayInLagos } from '../format/calendar-date.ts';
