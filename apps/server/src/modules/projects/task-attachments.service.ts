import { countOf } from '@trowel/shared/format/plural.ts';
import { canWorkOnTask } from '@trowel/shared/projects/project.policy.ts';
import type { ModuleContext } from '../../platform.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import { discardFiles, saveUploadedFiles, type Upload } from '../../files/upload-pipeline.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import { loadTask, lockVisibleProject, visibleProject } from './project-access.ts';

export interface TaskPath {
  projectId: string;
  phaseId: string;
  taskId: string;
}

/** Where a task's files are stored. */
export const taskFilesPrefix = (path: TaskPath) => `projects/${path.projectId}/tasks/${path.taskId}`;

/** Adds files to a task: full task editors and the task's assignee. */
export async function uploadTaskAttachments(
  ctx: ModuleContext,
  actor: AuthUser,
  path: TaskPath,
  upload: Upload<{ isClientVisible: boolean }>,
) {
  const { rows } = await saveUploadedFiles(ctx, actor, upload, async (scoped) => {
    const project = await lockVisibleProject(scoped, actor, path.projectId);
    const task = await loadTask(scoped, project.id, path.phaseId, path.taskId);
    if (!canWorkOnTask(actor, project, task)) {
      throw forbidden("You don't have permission to change this task's attachments");
    }
    if (upload.files.length === 0) throw badRequest('attachments: at least one file is required');
    await scoped.notifications.create({
      type: 'task',
      title: 'Task Attachments Added',
      message: `${countOf(upload.files.length, 'file')} attached to task "${task.name}" of "${project.title}".`,
      link: `/projects/${project.id}`,
      projectId: project.id,
      recipientRoles: ['admin'],
      recipientUsers: [project.projectLeadId, task.assignedToId],
      excludeUserId: actor.id,
    });
    return {
      owner: {
        projectId: project.id,
        kind: 'task',
        phaseId: path.phaseId,
        taskId: task.id,
        isClientVisible: upload.fields.isClientVisible,
      },
      result: null,
    };
  });
  return rows.map((row) => toAttachmentDto(row, ctx.config.appSecret!));
}

/** A task's file by its full path, or null when the path does not lead to it. */
export async function findTaskFile(ctx: ModuleContext, path: TaskPath & { attId: string }) {
  const found = await ctx.attachments.find(path.attId);
  const matches =
    found &&
    found.kind === 'task' &&
    found.taskId === path.taskId &&
    found.phaseId === path.phaseId &&
    found.projectId === path.projectId;
  return matches ? found : null;
}

/** Shows a task's file to the project's client, or hides it: whoever may change the task's files. */
export async function setTaskAttachmentVisibility(
  ctx: ModuleContext,
  actor: AuthUser,
  path: TaskPath & { attId: string },
  isClientVisible: boolean,
) {
  const project = await visibleProject(ctx, actor, path.projectId);
  const task = await loadTask(ctx, project.id, path.phaseId, path.taskId);
  const attachment = await findTaskFile(ctx, path);
  if (!attachment) throw notFound('Attachment');
  if (!canWorkOnTask(actor, project, task)) {
    throw forbidden("You don't have permission to change this task's attachments");
  }
  const saved = await ctx.attachments.setClientVisible(attachment.id, isClientVisible);
  if (!saved) throw notFound('Attachment');
  await ctx.invalidate({ kind: 'projects' });
  return toAttachmentDto(saved, ctx.config.appSecret!);
}

/** Removes a task's file: whoever may change the task's files, and the file's uploader. */
export async function deleteTaskAttachment(
  ctx: ModuleContext,
  actor: AuthUser,
  path: TaskPath & { attId: string },
) {
  const project = await visibleProject(ctx, actor, path.projectId);
  const task = await loadTask(ctx, project.id, path.phaseId, path.taskId);
  const attachment = await findTaskFile(ctx, path);
  if (!attachment) throw notFound('Attachment');
  if (attachment.uploadedBy !== actor.id && !canWorkOnTask(actor, project, task)) {
    throw forbidden("You don't have permission to change this task's attachments");
  }
  await discardFiles(ctx, await ctx.attachments.deleteWhere({ id: attachment.id }));
}
