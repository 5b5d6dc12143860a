import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { createTaskInput, PHASE_LABEL_EMPTY } from '@trowel/shared/projects/phase.schemas.ts';
import type { PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import type { NewOutboxItem } from '../../../lib/outbox/outbox.ts';
import { createTask } from '../api/create-task.ts';
import { deleteTaskAttachment } from '../api/delete-task-attachment.ts';
import { deleteTask } from '../api/delete-task.ts';
import { phasePaths } from '../api/paths.ts';
import { updatePhase } from '../api/update-phase.ts';
import { updateTask } from '../api/update-task.ts';
import { setTaskAttachmentVisibility } from '../api/set-task-attachment-visibility.ts';
import { uploadTaskAttachments } from '../api/upload-task-attachments.ts';
import {
  createTaskBody,
  updateTaskBody,
  type PhaseDraft,
  type TaskDraft,
  type TaskPermissions,
} from './phase-draft.ts';

/** The calls a save makes, in the order it makes them. */
export const phaseSaveApi = {
  updatePhase,
  createTask,
  updateTask,
  deleteTask,
  deleteTaskAttachment,
  setTaskAttachmentVisibility,
  uploadTaskAttachments,
};
export type PhaseSaveApi = typeof phaseSaveApi;

export interface SavePhasePlan {
  projectId: string;
  phase: PhaseDto;
  draft: PhaseDraft;
  /** The label, adding and deleting tasks (full task edit). */
  canEditLabel: boolean;
  permissionsOf: (task: TaskDraft) => TaskPermissions;
}

/** Lets the editor keep up with what is already saved, so a retry after a failure does not repeat it. */
export interface SaveProgress {
  onTaskCreated: (key: string, id: string) => void;
  onTaskDeleted: (id: string) => void;
}

export interface SavePhaseResult {
  /** Names of files that could not be uploaded or removed; their tasks were saved. */
  failedFiles: string[];
}

const labelChanged = ({ phase, draft, canEditLabel }: SavePhasePlan) =>
  canEditLabel && draft.label.trim() !== (phase.customLabel ?? '').trim();

/** Why the draft cannot be saved, or null. */
export function phaseDraftProblem(plan: SavePhasePlan): string | null {
  if (labelChanged(plan) && plan.draft.label.trim() === '') return PHASE_LABEL_EMPTY;
  for (const task of plan.draft.tasks) {
    if (task.id !== null && !plan.permissionsOf(task).full) continue;
    const parsed = createTaskInput.safeParse(createTaskBody(task));
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please check the task fields.';
  }
  return null;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Saves the phase editor: the label first, then the tasks (deleted, added, changed), then the
 * attachments (removed, uploaded). A failure before the attachments stops the save and throws;
 * attachment failures are collected, since their tasks are saved.
 */
export async function savePhaseDraft(
  plan: SavePhasePlan,
  progress: SaveProgress,
  calls: PhaseSaveApi = phaseSaveApi,
): Promise<SavePhaseResult> {
  const { projectId, phase, draft } = plan;
  if (labelChanged(plan)) {
    await calls.updatePhase(projectId, phase.id, { customLabel: draft.label.trim() });
  }

  if (plan.canEditLabel) {
    for (const taskId of draft.deletedTaskIds) {
      await calls.deleteTask(projectId, phase.id, taskId);
      progress.onTaskDeleted(taskId);
    }
  }
  const saved = new Map(phase.tasks.map((task) => [task.id, task]));
  const taskIds = new Map<string, string>();
  for (const task of draft.tasks) {
    const permissions = plan.permissionsOf(task);
    if (task.id === null) {
      if (!permissions.full) continue;
      const created = await calls.createTask(projectId, phase.id, createTaskBody(task));
      progress.onTaskCreated(task.key, created.id);
      taskIds.set(task.key, created.id);
      continue;
    }
    taskIds.set(task.key, task.id);
    const body = updateTaskBody(task, saved.get(task.id), permissions);
    if (body) await calls.updateTask(projectId, phase.id, task.id, body);
  }

  const failedFiles: string[] = [];
  for (const task of draft.tasks) {
    const taskId = taskIds.get(task.key);
    if (!taskId || !plan.permissionsOf(task).work) continue;
    for (const attachmentId of task.removedAttachmentIds) {
      try {
        await calls.deleteTaskAttachment(projectId, phase.id, taskId, attachmentId);
      } catch {
        failedFiles.push(
          saved.get(taskId)?.attachments.find((a) => a.id === attachmentId)?.originalName ?? '',
        );
      }
    }
    const before = new Map(saved.get(taskId)?.attachments.map((file) => [file.id, file.isClientVisible]));
    for (const file of task.attachments) {
      if (!before.has(file.id) || before.get(file.id) === file.isClientVisible) continue;
      try {
        await calls.setTaskAttachmentVisibility(projectId, phase.id, taskId, file.id, file.isClientVisible);
      } catch {
        failedFiles.push(file.originalName);
      }
    }
    for (const batch of chunks(task.newFiles, MAX_FILES_PER_UPLOAD)) {
      try {
        await calls.uploadTaskAttachments(projectId, phase.id, taskId, batch, task.newFilesClientVisible);
      } catch {
        failedFiles.push(...batch.map((file) => file.name));
      }
    }
  }
  return { failedFiles };
}

/** Whether a task's files change on Save: removed, added, or shown to or hidden from the client. */
function filesChange(task: TaskDraft, saved: PhaseDto['tasks'][number] | undefined): boolean {
  if (task.removedAttachmentIds.length > 0 || task.newFiles.length > 0) return true;
  const before = new Map(saved?.attachments.map((file) => [file.id, file.isClientVisible]));
  return task.attachments.some((file) => before.has(file.id) && before.get(file.id) !== file.isClientVisible);
}

/**
 * The draft's changes as outbox items to send when the network is back: one PUT per changed task (its
 * progress, notes and the other fields this person may change). Null when the draft also changes what is
 * only saved online (the label, tasks added or deleted, files).
 */
export function offlineTaskUpdates(plan: SavePhasePlan, userId: string): NewOutboxItem[] | null {
  const { projectId, phase, draft } = plan;
  if (labelChanged(plan) || (plan.canEditLabel && draft.deletedTaskIds.length > 0)) return null;
  const saved = new Map(phase.tasks.map((task) => [task.id, task]));
  const items: NewOutboxItem[] = [];
  for (const task of draft.tasks) {
    if (task.id === null) return null;
    const before = saved.get(task.id);
    if (filesChange(task, before)) return null;
    const body = updateTaskBody(task, before, plan.permissionsOf(task));
    if (!body) continue;
    items.push({
      userId,
      kind: 'task-progress',
      label: `Task: ${task.name} (${task.progress}%)`,
      projectId,
      method: 'PUT',
      path: phasePaths.task(projectId, phase.id, task.id),
      body: { type: 'json', value: body },
      preview: { task: task.name, progress: `${task.progress}%`, notes: task.notes },
    });
  }
  return items;
}
