import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import type { CreateTaskInput, UpdateTaskInput } from '@trowel/shared/projects/phase.schemas.ts';
import { ASSIGNEE_TASK_FIELDS } from '@trowel/shared/projects/project.policy.ts';
import type { PhaseDto, TaskDto } from '@trowel/shared/projects/project.schemas.ts';

/** A task as the phase editor holds it until Save. */
export interface TaskDraft {
  /** Stable key on screen; a saved task's id, or a local one for a new task. */
  key: string;
  /** Null until the task exists on the server. */
  id: string | null;
  name: string;
  /** The assignee's user id; '' for nobody. */
  assignedToId: string;
  progress: number;
  notes: string;
  startDate: string;
  endDate: string;
  /** Saved attachments still kept. */
  attachments: AttachmentDto[];
  /** Saved attachments to remove on Save. */
  removedAttachmentIds: string[];
  /** Files to upload on Save (shown flagged as new). */
  newFiles: File[];
  /** Whether the project's client sees the new files (hidden from clients unless chosen). */
  newFilesClientVisible: boolean;
}

export interface PhaseDraft {
  label: string;
  tasks: TaskDraft[];
  /** Saved tasks removed from the list, deleted on Save. */
  deletedTaskIds: string[];
}

/** What this user may change in one task. */
export interface TaskPermissions {
  /** Name, assignee, dates (and delete). */
  full: boolean;
  /** Notes, progress and attachments. */
  work: boolean;
}

export function taskToDraft(task: TaskDto): TaskDraft {
  return {
    key: task.id,
    id: task.id,
    name: task.name,
    assignedToId: task.assignedToId ?? '',
    progress: task.progress,
    notes: task.notes ?? '',
    startDate: task.startDate?.slice(0, 10) ?? '',
    endDate: task.endDate?.slice(0, 10) ?? '',
    attachments: task.attachments,
    removedAttachmentIds: [],
    newFiles: [],
    newFilesClientVisible: false,
  };
}

export function phaseToDraft(phase: PhaseDto): PhaseDraft {
  return { label: phase.customLabel ?? '', tasks: phase.tasks.map(taskToDraft), deletedTaskIds: [] };
}

let localKey = 0;
export function newTaskDraft(): TaskDraft {
  localKey += 1;
  return {
    key: `new-${localKey}`,
    id: null,
    name: '',
    assignedToId: '',
    progress: 0,
    notes: '',
    startDate: '',
    endDate: '',
    attachments: [],
    removedAttachmentIds: [],
    newFiles: [],
    newFilesClientVisible: false,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/** The POST body of a new task: empty optional values are sent as null. */
export function createTaskBody(draft: TaskDraft): CreateTaskInput {
  return {
    name: draft.name.trim(),
    assignedTo: orNull(draft.assignedToId),
    progress: draft.progress,
    notes: orNull(draft.notes),
    startDate: orNull(draft.startDate),
    endDate: orNull(draft.endDate),
  };
}

/**
 * The PUT body of a saved task: only the fields this user may change and that differ from the saved
 * task (all of them when the saved task is unknown); null when nothing changed.
 */
export function updateTaskBody(
  draft: TaskDraft,
  saved: TaskDto | undefined,
  permissions: TaskPermissions,
): UpdateTaskInput | null {
  const wanted: UpdateTaskInput = {};
  const full = createTaskBody(draft);
  const before = saved ? createTaskBody(taskToDraft(saved)) : null;
  const fields: ReadonlyArray<keyof UpdateTaskInput> = permissions.full
    ? (['name', 'assignedTo', 'progress', 'notes', 'startDate', 'endDate'] as const)
    : permissions.work
      ? ASSIGNEE_TASK_FIELDS
      : [];
  for (const field of fields) {
    if (!before || full[field] !== before[field]) Object.assign(wanted, { [field]: full[field] });
  }
  return Object.keys(wanted).length > 0 ? wanted : null;
}
