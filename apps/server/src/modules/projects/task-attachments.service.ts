import type { FileVariantName } from '@trowel/shared/files/attachment.schemas.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { canEditOwnTask, canEditTasksFully } from '@trowel/shared/projects/project.policy.ts';
import type { AppContext } from '../../context.ts';
import { receiveFiles } from '../../files/receive-files.ts';
import { queueProcessing } from '../attachments/attachment-processing.ts';
import { authorizeFile, sendAttachment } from '../attachments/attachment-access.ts';
import { attachmentRows, discardFiles } from '../attachments/uploads.ts';
import { actorOf, type AuthUser } from '../../http/access.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';

interface TaskPath {
  projectId: string;
  phaseId: string;
  taskId: string;
}

async function loadTask(ctx: AppContext, actor: AuthUser, path: TaskPath) {
  const project = await ctx.projects.findVisible(actor, path.projectId);
  if (!project) throw notFound('Project');
  const phase = await ctx.phases.findPhase(path.projectId, path.phaseId);
  if (!phase) throw notFound('Phase');
  const task = await ctx.phases.findTask(path.phaseId, path.taskId);
  if (!task) throw notFound('Task');
  return { project, task };
}

/** Who may add or remove a task's files: full task editors and the task's assignee. */
function assertMayChangeFiles(
  actor: AuthUser,
  project: { projectLeadId: string | null; clientId: string | null },
  task: { assignedToId: string | null },
) {
  if (!canEditTasksFully(actor, project) && !canEditOwnTask(actor, task)) {
    throw forbidden("You don't have permission to change this task's attachments");
  }
}

export async function uploadTaskAttachments(ctx: AppContext, request: FastifyRequest, path: TaskPath) {
  const actor = actorOf(request);
  const { project, task } = await loadTask(ctx, actor, path);
  assertMayChangeFiles(actor, project, task);
  const { files } = await receiveFiles(request, ctx.storage, {
    field: 'attachments',
    maxFiles: MAX_FILES_PER_UPLOAD,
    keyFor: (fileId) => `projects/${project.id}/tasks/${task.id}/${fileId}`,
  });
  if (files.length === 0)
    throw new AppError('VALIDATION_ERROR', 'attachments: at least one file is required');
  try {
    const rows = await ctx.db.transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const inserted = await scoped.attachments.insertMany(
        attachmentRows(files, {
          projectId: project.id,
          kind: 'task',
          phaseId: path.phaseId,
          taskId: task.id,
          uploadedBy: actor.id,
        }),
      );
      await queueProcessing(tx, inserted, actor.id);
      await scoped.notifications.create({
        type: 'task',
        title: 'Task Attachments Added',
        message: `${files.length} file(s) were attached to task "${task.name}" of "${project.title}".`,
        link: `/projects/${project.id}`,
        projectId: project.id,
        recipientRoles: ['admin'],
        recipientUsers: [project.projectLeadId, task.assignedToId],
        excludeUserId: actor.id,
      });
      return inserted;
    });
    ctx.wakeWorker();
    return rows.map((row) => toAttachmentDto(row, ctx.config.appSecret!));
  } catch (error) {
    await Promise.allSettled(files.map((file) => ctx.storage.delete(file.key)));
    throw error;
  }
}

/** A task's file for viewing: by file token, or by a session allowed to see the project. */
export async function serveTaskAttachment(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  path: TaskPath & { attId: string; variant?: FileVariantName | undefined },
  disposition: 'inline' | 'attachment',
) {
  const found = await ctx.attachments.find(path.attId);
  const matches =
    found &&
    found.taskId === path.taskId &&
    found.phaseId === path.phaseId &&
    found.projectId === path.projectId;
  const attachment = await authorizeFile(ctx, request, matches ? found : null);
  return sendAttachment(ctx, reply, attachment, path.variant, disposition);
}

export async function deleteTaskAttachment(
  ctx: AppContext,
  actor: AuthUser,
  path: TaskPath & { attId: string },
) {
  const { project, task } = await loadTask(ctx, actor, path);
  const attachment = await ctx.attachments.find(path.attId);
  if (!attachment || attachment.taskId !== task.id) throw notFound('Attachment');
  if (attachment.uploadedBy !== actor.id) assertMayChangeFiles(actor, project, task);
  await discardFiles(ctx, await ctx.attachments.deleteWhere({ id: attachment.id }));
}
