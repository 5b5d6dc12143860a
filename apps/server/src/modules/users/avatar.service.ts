import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { canManageUser } from '@trowel/shared/auth/policy.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { AVATAR_MAX_BYTES } from '@trowel/shared/config/constants.ts';
import type { AppContext } from '../../context.ts';
import type { JobRow } from '../../db/schema.ts';
import { HeadCapture, sniffImageType } from '../../files/sniff.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { PermanentJobError } from '../../jobs/worker.ts';
import type { AvatarVariants } from '../../media-processing/avatar-variants.ts';
import { MediaProcessingError } from '../../media-processing/errors.ts';

export const AVATAR_JOB = 'avatar.process';
const AVATAR_URL = /^\/api\/avatars\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.webp$/;

export const avatarKey = (userId: string, file: string) => `avatars/${userId}/${file}`;

/**
 * Stores an uploaded avatar and queues its resizing. The type is checked on the file's content,
 * not its name; answers the processing id the client polls.
 */
export async function uploadAvatar(
  ctx: AppContext,
  actor: AuthUser,
  userId: string,
  request: FastifyRequest,
) {
  const target = await ctx.users.findById(userId);
  if (actor.id !== userId && !(target && canManageUser(actor, target as { role: Role }))) {
    throw forbidden("You don't have permission to change this user's avatar");
  }
  if (!target) throw notFound('User');
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the avatar as multipart/form-data');

  const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  if (!file || file.fieldname !== 'avatar') {
    file?.file.resume();
    throw new AppError('VALIDATION_ERROR', 'avatar: an image file is required');
  }
  const key = `uploads/avatars/${randomUUID()}`;
  const head = new HeadCapture();
  await ctx.storage.put(key, file.file.pipe(head));
  if (file.file.truncated) {
    await ctx.storage.delete(key);
    throw new AppError('PAYLOAD_TOO_LARGE', 'File too large: an avatar must be under 5 MB');
  }
  if (!sniffImageType(head.head)) {
    await ctx.storage.delete(key);
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Invalid file type: the avatar must be a JPEG, PNG, GIF or WebP image',
    );
  }
  const job = await ctx.jobs.enqueue({ type: AVATAR_JOB, payload: { userId, key }, requestedBy: actor.id });
  ctx.wakeWorker();
  return job.processingId;
}

/** Job: square thumbnails (WebP and JPEG) with EXIF orientation applied and metadata dropped. */
export async function processAvatar(ctx: AppContext, job: JobRow) {
  const { userId, key } = job.payload as { userId: string; key: string };
  const source = await ctx.storage.localPath(key);
  const file = randomUUID();
  let variants: AvatarVariants;
  try {
    variants = await ctx.processor.avatar(source.path);
  } catch (error) {
    if (!(error instanceof MediaProcessingError) || error.retryable) throw error;
    await ctx.storage.delete(key);
    throw new PermanentJobError(error.message);
  } finally {
    await source.release();
  }
  await ctx.storage.put(avatarKey(userId, `${file}.webp`), Readable.from(variants.webp));
  await ctx.storage.put(avatarKey(userId, `${file}.jpg`), Readable.from(variants.jpg));
  const avatar = `/api/avatars/${userId}/${file}.webp`;
  const previous = await ctx.users.findById(userId);
  const updated = previous ? await ctx.users.update(userId, { avatar }) : null;
  await ctx.storage.delete(key);
  if (!updated) {
    await removeAvatarFiles(ctx, avatar);
    throw new PermanentJobError('The user no longer exists');
  }
  await ctx.invalidate({ kind: 'user', id: userId });
  if (previous?.avatar) await removeAvatarFiles(ctx, previous.avatar);
  await ctx.activity.record(userId, 'profile', 'Changed profile picture');
  return {
    avatar,
    variants: { thumbnail_webp: avatar, thumbnail_jpg: avatar.replace(/\.webp$/, '.jpg') },
  };
}

/** When an avatar job gives up (attempts used, or its worker vanished), the uploaded original goes too. */
export async function avatarJobFailed(ctx: AppContext, job: JobRow) {
  const { key } = job.payload as { key: string };
  await ctx.storage.delete(key);
}

async function removeAvatarFiles(ctx: AppContext, url: string) {
  const match = AVATAR_URL.exec(url);
  if (!match) return;
  const [, userId, file] = match;
  await ctx.storage.delete(avatarKey(userId!, `${file}.webp`));
  await ctx.storage.delete(avatarKey(userId!, `${file}.jpg`));
}
