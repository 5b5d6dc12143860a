import { FILE_VARIANTS, type FileVariantName } from '@trowel/shared/files/attachment.schemas.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import { canSeeLog } from '@trowel/shared/daily-logs/daily-log.policy.ts';
import { canSeeMedia } from '@trowel/shared/media/media.policy.ts';
import type { AppContext } from '../../context.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { attachmentScope } from '../../files/attachment-dto.ts';
import { verifyFileToken } from '../../files/file-token.ts';
import { sendStoredFile } from '../../files/send-file.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/** Whether the actor may see this file: its project, and for logs, replies and media their visibility. */
export async function canSeeAttachment(ctx: AppContext, actor: Actor, attachment: AttachmentRow) {
  if (!attachment.projectId || !(await ctx.projects.findVisible(actor, attachment.projectId))) return false;
  if (attachment.kind === 'media') return canSeeMedia(actor, attachment);
  const logId =
    attachment.dailyLogId ??
    (attachment.replyId ? (await ctx.dailyLogs.findReply(attachment.replyId))?.dailyLogId : null);
  if (attachment.kind === 'log' || attachment.kind === 'reply') {
    const log = logId ? await ctx.dailyLogs.find(logId) : null;
    return Boolean(log && canSeeLog(actor, log));
  }
  return true;
}

/**
 * A file token opens its one file; otherwise the bearer session must be allowed to see it.
 * Answers 401 with neither, 404 for what does not exist or is not visible.
 */
export async function authorizeFile(
  ctx: AppContext,
  request: FastifyRequest,
  attachment: AttachmentRow | null,
): Promise<AttachmentRow> {
  const token = (request.query as { token?: string }).token;
  if (token && attachment && verifyFileToken(ctx.config.appSecret!, attachmentScope(attachment.id), token)) {
    return attachment;
  }
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Authentication required');
  if (!attachment || !(await canSeeAttachment(ctx, request.user, attachment))) throw notFound('Attachment');
  return attachment;
}

/** Streams the file, or one of its variants (`?variant=thumbnail_webp`), once it is ready. */
export function sendAttachment(
  ctx: AppContext,
  reply: FastifyReply,
  attachment: AttachmentRow,
  variant: FileVariantName | undefined,
  disposition: 'inline' | 'attachment',
) {
  if (!variant) return sendStoredFile(ctx.storage, reply, attachment, disposition);
  const key = attachment.status === 'ready' ? attachment.variants?.[variant] : undefined;
  const type = FILE_VARIANTS[variant];
  if (!key || !type) throw notFound('Variant');
  const stem = attachment.originalName.replace(/\.[^.]*$/, '');
  return sendStoredFile(
    ctx.storage,
    reply,
    { storageKey: key, mimeType: type.mime, originalName: `${stem}-${variant}.${type.extension}` },
    disposition,
  );
}
