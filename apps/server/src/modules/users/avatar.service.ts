import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { can, canManageUser } from '@trowel/shared/auth/policy.ts';
import { assertPersonVisible } from './users.service.ts';
import { AVATAR_MAX_BYTES } from '@trowel/shared/config/constants.ts';
import type { ModuleContext } from '../../platform.ts';
import type { JobRow } from '../../db/schema.ts';
import type { AuthUser } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { PermanentJobError } from '../../jobs/worker.ts';
import type { AvatarVariants } from '../../media-processing/avatar-variants.ts';
import { MediaProcessingError } from '../../media-processing/errors.ts';

export const AVATAR_JOB = 'avatar.process';
const AVATAR_URL = /^\/api\/avatars\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.webp$/;

export const avatarKey = (userId: string, file: string) => `avatars/${userId}/${file}`;

const AVATAR_TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** A stored avatar image and its type; 404 when there is none by that name. */
export async function openAvatar(ctx: ModuleContext, userId: string, file: string) {
  const stream = await ctx.storage.get(avatarKey(userId, file));
  if (!stream) throw notFound('Avatar');
  return { stream, contentType: AVATAR_TYPES[file.endsWith('.jpg') ? 'jpg' : 'webp'] };
}

/** Only the person themselves, or whoever may manage their account, changes a profile picture. */
export async function assertMayChangeAvatar(ctx: ModuleContext, actor: AuthUser, userId: string) {
  const target = await ctx.users.findById(userId);
  if (target) assertPersonVisible(actor, target);
  // Those who manage people learn that nobody is there, as when they edit them; others are refused alike.
  if (!target && can(actor, 'users:manage')) throw notFound('User');
  if (actor.id !== userId && !(target && canManageUser(actor, target))) {
    throw forbidden("You don't have permission to change this user's avatar");
  }
  if (!target) throw notFound('User');
  return target;
}

/** How an avatar upload is received (files/receive-image.ts): one image under 5 MB. */
export const AVATAR_UPLOAD = {
  field: 'avatar',
  maxBytes: AVATAR_MAX_BYTES,
  prefix: 'uploads/avatars',
  tooLarge: 'File too large: an avatar must be under 5 MB',
  notAnImage: 'Invalid file type: the avatar must be a JPEG, PNG, GIF or WebP image',
};

/** Queues the resizing of a received avatar; answers the processing id the client polls. */
export async function uploadAvatar(ctx: ModuleContext, actor: AuthUser, userId: string, key: string) {
  try {
    await assertMayChangeAvatar(ctx, actor, userId);
    const job = await ctx.jobs.enqueue({ type: AVATAR_JOB, payload: { userId, key }, requestedBy: actor.id });
    ctx.wakeWorker();
    return job.processingId;
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

/** Job: square thumbnails (WebP and JPEG) with EXIF orientation applied and metadata dropped. */
export async function processAvatar(ctx: ModuleContext, job: JobRow) {
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
export async function avatarJobFailed(ctx: ModuleContext, job: JobRow) {
  const { key } = job.payload as { key: string };
  await ctx.storage.delete(key);
}

async function removeAvatarFiles(ctx: ModuleContext, url: string) {
  const match = AVATAR_URL.exec(url);
  if (!match) return;
  const [, userId, file] = match;
  await ctx.storage.delete(avatarKey(userId!, `${file}.webp`));
  await ctx.storage.delete(avatarKey(userId!, `${file}.jpg`));
}
