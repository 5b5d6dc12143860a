import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { canEditOwnTask, canEditTasksFully, canViewProject } from '@trowel/shared/projects/project.policy.ts';
import type { AppContext } from '../../context.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { verifyFileToken } from '../../files/file-token.ts';
import { receiveFiles } from '../../files/receive-files.ts';
import { sendStoredFile } from '../../files/send-file.ts';
import { actorOf, type AuthUser } from '../../http/access.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { attachmentScope, taskAttachmentPath, toAttachmentDto } from './project-dto.ts';

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
      const inserted = await scoped.phases.insertAttachments(
        files.map((file) => ({
          projectId: project.id,
          phaseId: path.phaseId,
          taskId: task.id,
          storageKey: file.key,
          originalName: file.originalName,
          mimeType: file.mime,
          size: file.size,
          status: 'ready',
          uploadedBy: actor.id,
        })),
      );
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
    return rows.map((row) => toAttachmentDto(row, ctx.config.appSecret!, taskAttachmentPath(row)));
  } catch (error) {
    await Promise.allSettled(files.map((file) => ctx.storage.delete(file.key)));
    throw error;
  }
}

/**
 * Loads an attachment for viewing: a valid file token opens that one file; otherwise the bearer
 * session must be allowed to see the project. Answers 401 with neither, 404 for what is not visible.
 */
export async function authorizeAttachment(
  ctx: AppContext,
  request: FastifyRequest,
  path: TaskPath & { attId: string },
): Promise<AttachmentRow> {
  const attachment = await ctx.phases.findAttachment(path.attId);
  const matches =
    attachment &&
    attachment.taskId === path.taskId &&
    attachment.phaseId === path.phaseId &&
    attachment.projectId === path.projectId;
  const token = (request.query as { token?: string }).token;
  if (token && matches && verifyFileToken(ctx.config.appSecret!, attachmentScope(attachment.id), token))
    return attachment;
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Authentication required');
  if (!matches) throw notFound('Attachment');
  const project = await ctx.projects.findVisible(request.user, path.projectId);
  if (!project || !canViewProject(request.user, project)) throw notFound('Attachment');
  return attachment;
}

export async function serveTaskAttachment(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  path: TaskPath & { attId: string },
  disposition: 'inline' | 'attachment',
) {
  const attachment = await authorizeAttachment(ctx, request, path);
  return sendStoredFile(ctx.storage, reply, attachment, disposition);
}

export async function deleteTaskAttachment(
  ctx: AppContext,
  actor: AuthUser,
  path: TaskPath & { attId: string },
) {
  const { project, task } = await loadTask(ctx, actor, path);
  const attachment = await ctx.phases.findAttachment(path.attId);
  if (!attachment || attachment.taskId !== task.id) throw notFound('Attachment');
  if (attachment.uploadedBy !== actor.id) assertMayChangeFiles(actor, project, task);
  await ctx.phases.deleteAttachment(attachment.id);
  await Promise.allSettled(
    [attachment.storageKey, ...Object.values(attachment.variants ?? {})].map((key) =>
      ctx.storage.delete(key),
    ),
  );
}
