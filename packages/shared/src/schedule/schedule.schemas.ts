import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import type { UpdateTaskInput } from '../projects/phase.schemas.ts';
import { LINK_TYPES } from './critical-path.ts';

/** Texts shown to people about the schedule. */
export const SCHEDULE_MESSAGES = {
  sameTask: 'A task cannot depend on itself',
  notInProject: 'Both tasks must belong to this project',
  undated: 'Both tasks need a start and an end date before they can be linked',
  linkExists: 'These tasks are already linked',
  loadFailed: 'Failed to load the schedule. Please try again.',
  linkFailed: 'Failed to link the tasks.',
  baselineSaved: 'Baseline saved',
  baselineFailed: 'Failed to save the baseline.',
  linked: 'Tasks linked',
  unlinkFailed: 'Failed to remove the link.',
  moved: 'Task moved',
  moveFailed: 'Failed to move the task.',
  noTasks: 'No tasks to schedule yet',
  noTasksHint: 'Add tasks with start and end dates to the phases of this project to see them here.',
  lookAheadLoadFailed: 'Failed to load the look-ahead. Please try again.',
  lookAheadEmpty: 'Nothing starts, is due or is late in the next two weeks',
  exported: 'Schedule Exported',
  exportFailed: 'Export Failed',
  linkByDrag: 'Drag from the dot at the end of a bar to another bar to link them.',
} as const;

/** Why a task is in the look-ahead, in words. */
export const LOOK_AHEAD_REASON_LABELS = {
  starting: 'Starts',
  due: 'Due',
  late: 'Late',
} as const satisfies Record<LookAheadTaskDto['reason'], string>;

/** The words of a link's type. */
export const LINK_TYPE_LABELS = {
  finish_to_start: 'Finish to start',
  start_to_start: 'Start to start',
} as const satisfies Record<(typeof LINK_TYPES)[number], string>;

/** The loop a link would close, in words: "This link would make a loop: Dig → Pour → Dig". */
export const loopMessage = (names: readonly string[]) => `This link would make a loop: ${names.join(' → ')}`;

const MAX_LAG_DAYS = 365;

/** POST /projects/{id}/schedule/links */
export const createTaskLinkInput = z.strictObject({
  fromTaskId: z.uuid({ error: 'fromTaskId must be a valid id' }),
  toTaskId: z.uuid({ error: 'toTaskId must be a valid id' }),
  type: z
    .enum(LINK_TYPES, { error: 'type must be finish_to_start or start_to_start' })
    .default('finish_to_start'),
  lagDays: z
    .number({ error: 'lagDays must be a whole number of days' })
    .int('lagDays must be a whole number of days')
    .min(-MAX_LAG_DAYS, `lagDays must be between -${MAX_LAG_DAYS} and ${MAX_LAG_DAYS}`)
    .max(MAX_LAG_DAYS, `lagDays must be between -${MAX_LAG_DAYS} and ${MAX_LAG_DAYS}`)
    .default(0),
});
export type CreateTaskLinkInput = z.input<typeof createTaskLinkInput>;

/**
 * A task moved on the schedule: its new dates, sent as the task's own edit (PUT
 * /projects/{id}/phases/{phaseId}/tasks/{taskId}), after which the server moves what waits for it.
 */
export type TaskMove = { taskId: string; phaseId: string } & Required<
  Pick<UpdateTaskInput, 'startDate' | 'endDate'>
>;

/** GET /schedule/look-ahead?days=14 */
export const lookAheadQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number from 1 to 60' })
    .int('days must be a whole number from 1 to 60')
    .min(1, 'days must be a whole number from 1 to 60')
    .max(60, 'days must be a whole number from 1 to 60')
    .default(14),
});

const date = z.string();

/** A phase of the schedule, named once for all its tasks. */
export const schedulePhaseDto = z.object({ id: z.string(), name: z.string() });
export type SchedulePhaseDto = z.infer<typeof schedulePhaseDto>;

export const scheduleTaskDto = z.object({
  id: z.string(),
  phaseId: z.string(),
  name: z.string(),
  startDate: date.nullable(),
  endDate: date.nullable(),
  progress: z.number(),
  earlyStart: date.nullable(),
  earlyFinish: date.nullable(),
  lateStart: date.nullable(),
  lateFinish: date.nullable(),
  totalFloat: z.number().nullable(),
  critical: z.boolean(),
  baselineStart: date.nullable(),
  baselineEnd: date.nullable(),
});
export type ScheduleTaskDto = z.infer<typeof scheduleTaskDto>;

export const taskLinkDto = z.object({
  id: z.string(),
  fromTaskId: z.string(),
  toTaskId: z.string(),
  type: z.enum(LINK_TYPES),
  lagDays: z.number(),
});
export type TaskLinkDto = z.infer<typeof taskLinkDto>;

/**
 * The Gantt's answer. Kept small, as a project may have thousands of tasks and links: each phase is
 * named once in `phases` (in the project's order), and what can be worked out from a task's fields
 * (its slip: `slipDays` of critical-path.ts) is worked out by the reader.
 */
export const scheduleDto = z.object({
  phases: z.array(schedulePhaseDto),
  tasks: z.array(scheduleTaskDto),
  links: z.array(taskLinkDto),
  /** The latest early finish of the dated tasks: when the project ends if nothing else slips. */
  forecastEndDate: date.nullable(),
  baselineSavedAt: z.string().nullable(),
  /** Whether the caller may link tasks (who edits the project's tasks) and save a baseline (who edits the project). */
  canLink: z.boolean(),
  canSaveBaseline: z.boolean(),
});
export type ScheduleDto = z.infer<typeof scheduleDto>;

export const lookAheadTaskDto = z.object({
  id: z.string(),
  projectId: z.string(),
  projectTitle: z.string(),
  phaseId: z.string(),
  name: z.string(),
  startDate: date.nullable(),
  endDate: date.nullable(),
  progress: z.number(),
  /** Why it is in the look-ahead: it starts or is due in the window, or is late (due before today, unfinished). */
  reason: z.enum(['starting', 'due', 'late']),
});
export type LookAheadTaskDto = z.infer<typeof lookAheadTaskDto>;

export const scheduleAnswer = ok({ schedule: scheduleDto });
export const taskLinkAnswer = ok({ link: taskLinkDto, schedule: scheduleDto });
export const lookAheadAnswer = ok({ tasks: z.array(lookAheadTaskDto), from: date, to: date });
