import type { ScheduleDto, SchedulePhaseDto } from '@trowel/shared/schedule/schedule.schemas.ts';

/** The tasks of each phase, phases in the schedule's order; a phase without tasks is left out. */
export function tasksByPhase<T extends { phaseId: string }>(
  phases: readonly SchedulePhaseDto[],
  tasks: readonly T[],
): Array<{ phase: SchedulePhaseDto; tasks: T[] }> {
  const byPhase = new Map(phases.map((phase) => [phase.id, { phase, tasks: [] as T[] }]));
  for (const task of tasks) byPhase.get(task.phaseId)?.tasks.push(task);
  return [...byPhase.values()].filter((group) => group.tasks.length > 0);
}

/** Each phase's name by its id (the schedule names a phase once, not on each task). */
export const phaseNamesOf = (schedule: Pick<ScheduleDto, 'phases'>): ReadonlyMap<string, string> =>
  new Map(schedule.phases.map((phase) => [phase.id, phase.name]));
