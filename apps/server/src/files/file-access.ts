import { FILE_VARIANTS, type FileVariantName } from '@trowel/shared/files/attachment.schemas.ts';
import type { FastifyReply } from 'fastify';
import type { PlatformContext as AppContext } from '../platform.ts';
import type { AttachmentRow } from '../db/schema/files.ts';
import type { AuthUser } from '../http/access.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { attachmentScope } from './attachment-dto.ts';
import { verifyFileToken } from './file-token.ts';
import { sendStoredFile } from './send-file.ts';

/**
 * A file token opens its one file; otherwise the viewer must be allowed to open it by the rule of its
 * kind, declared by the module that stores that kind (`fileAccess` in its manifest). Answers 401 with neither a token nor a session, 404 for what does not exist or is not visible.
 */
export async function authorizeFile(
  ctx: AppContext,
  viewer: AuthUser | null,
  token: string | undefined,
  attachment: AttachmentRow | null,
): Promise<AttachmentRow> {
  if (token && attachment && verifyFileToken(ctx.config.appSecret!, attachmentScope(attachment.id), token)) {
    return attachment;
  }
  if (!viewer) throw new AppError('UNAUTHORIZED', 'Authentication required');
  const rule = attachment ? ctx.fileAccess[attachment.kind] : undefined;
  if (!attachment || !rule || !(await rule.mayOpen(ctx, viewer, attachment))) {
    throw notFound('Attachment');
  }
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
