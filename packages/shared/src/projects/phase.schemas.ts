import { z } from 'zod';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { TASK_PROGRESS_STEPS } from './project.constants.ts';
import { datesInOrder, datesOrderIssue, phaseDto, projectStatusSchema, taskDto } from './project.schemas.ts';
import { ok } from '../http/envelope.ts';
import { calendarDate } from '../format/calendar-date.ts';
import { formBoolean } from '../http/form-boolean.ts';

export const PHASE_NAME_EMPTY = 'Phase name cannot be empty';
export const PHASE_LABEL_EMPTY = 'Phase label cannot be empty';
export const PHASE_EXISTS = 'A phase with this name or label already exists.';
export const TASK_PROGRESS_MESSAGE = `Task progress must be one of ${TASK_PROGRESS_STEPS.join(', ')}`;

export const createPhaseInput = z.strictObject({
  name: z
    .string({ error: PHASE_NAME_EMPTY })
    .trim()
    .min(1, PHASE_NAME_EMPTY)
    .max(120, 'Phase name must be at most 120 characters'),
  customLabel: z.string().trim().max(120, 'Phase label must be at most 120 characters').nullish(),
});
export type CreatePhaseInput = z.input<typeof createPhaseInput>;

export const updatePhaseInput = z.strictObject({
  customLabel: z
    .string({ error: PHASE_LABEL_EMPTY })
    .trim()
    .min(1, PHASE_LABEL_EMPTY)
    .max(120, 'Phase label must be at most 120 characters')
    .optional(),
  /** Only used while the phase has no tasks; with tasks, status and progress follow from them. */
  status: projectStatusSchema.optional(),
  progress: z
    .number()
    .int('Progress must be a whole number')
    .min(0)
    .max(100, 'Progress must be from 0 to 100')
    .optional(),
});
export type UpdatePhaseInput = z.input<typeof updatePhaseInput>;

const nullableDate = (field: string) =>
  calendarDate(`${field} must be a date (YYYY-MM-DD)`)
    .nullable()
    .or(z.literal('').transform(() => null));

const taskFields = {
  name: z
    .string({ error: 'Task name is required' })
    .trim()
    .min(1, 'Task name is required')
    .max(200, 'Task name must be at most 200 characters'),
  /** A staff member's id or exact name (team_member or project_lead); null to unassign. */
  assignedTo: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .or(z.literal('').transform(() => null)),
  progress: z
    .number({ error: TASK_PROGRESS_MESSAGE })
    .refine((value) => (TASK_PROGRESS_STEPS as readonly number[]).includes(value), TASK_PROGRESS_MESSAGE),
  notes: z.string().max(5000, 'Notes must be at most 5000 characters').nullable(),
  startDate: nullableDate('Start date'),
  endDate: nullableDate('End date'),
};

export const createTaskInput = z
  .strictObject({
    name: taskFields.name,
    assignedTo: taskFields.assignedTo.optional(),
    progress: taskFields.progress.default(0),
    notes: taskFields.notes.optional(),
    startDate: taskFields.startDate.optional(),
    endDate: taskFields.endDate.optional(),
  })
  .refine(datesInOrder, datesOrderIssue());
export type CreateTaskInput = z.input<typeof createTaskInput>;

/** The fields of a task's PUT, for forms that take some of them (the schedule's move). */
export const updateTaskFields = z.strictObject({
  name: taskFields.name.optional(),
  assignedTo: taskFields.assignedTo.optional(),
  progress: taskFields.progress.optional(),
  notes: taskFields.notes.optional(),
  startDate: taskFields.startDate.optional(),
  endDate: taskFields.endDate.optional(),
});
/** Dates sent together are checked here; one sent alone is checked against the other, saved, by the server. */
export const updateTaskInput = updateTaskFields.refine(datesInOrder, datesOrderIssue());
export type UpdateTaskInput = z.input<typeof updateTaskInput>;

// Answers
export const phaseAnswer = ok({ phase: phaseDto });
export const taskAnswer = ok({ task: taskDto });
export const taskAttachmentsAnswer = ok({ attachments: z.array(attachmentDto) });

/** The text fields of POST …/tasks/{taskId}/attachments (multipart; files in `attachments`). */
export const taskAttachmentFields = z.object({
  /** Whether the project's client sees the files; hidden from clients unless chosen. */
  isClientVisible: formBoolean.default(false),
});

/** PUT …/tasks/{taskId}/attachments/{attId}: whether the project's client sees the file. */
export const taskAttachmentVisibilityInput = z.strictObject({
  isClientVisible: z.boolean({ error: 'isClientVisible must be true or false' }),
});
export type TaskAttachmentVisibilityInput = z.output<typeof taskAttachmentVisibilityInput>;
export const taskAttachmentAnswer = ok({ attachment: attachmentDto });
export type TaskAttachmentAnswer = z.output<typeof taskAttachmentAnswer>;

// What the web app reads from those answers.
export type PhaseAnswer = z.output<typeof phaseAnswer>;
export type TaskAnswer = z.output<typeof taskAnswer>;
export type TaskAttachmentsAnswer = z.output<typeof taskAttachmentsAnswer>;
