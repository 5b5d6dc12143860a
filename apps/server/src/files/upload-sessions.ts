import type { Readable } from 'node:stream';
import { fileMaxBytes } from '@trowel/shared/files/attachment.schemas.ts';
import {
  MAX_OPEN_UPLOADS,
  UPLOAD_MESSAGES,
  UPLOAD_OFFSET_HEADER,
  UPLOAD_SESSION_TTL_HOURS,
  type StartUploadInput,
  type UploadSessionDto,
} from '@trowel/shared/files/upload-session.schemas.ts';
import { dataDirLayout } from '../data-dir.ts';
import type { UploadSessionRow } from '../db/schema.ts';
import { AppError, badRequest } from '../http/app-error.ts';
import type { PlatformContext } from '../platform.ts';
import type { ReceivedFile } from './receive-files.ts';
import { sniffFileType, type SniffedType } from './sniff.ts';
import { SNIFF_BYTES, TypeAndSizeGuard } from './type-size-guard.ts';
import { partStore, type PartStore } from './upload-parts.ts';

/**
 * Resumable uploads (docs/decisions.md, Offline capture): a session is started with the file's name
 * and size; parts are sent with the offset they start at; the server answers how much it holds, so a
 * cut connection resumes there. The part that completes the file assembles it, checks its type and
 * size as every upload is checked, and stores it; a create then names it in `uploads` and takes it
 * (upload-pipeline.ts). Only the person who started a session finds it (404 for anyone else).
 */

/** More parts than this and the session is refused (a file sent byte by byte would fill a directory). */
export const MAX_UPLOAD_PARTS = 2000;
/** Part directories without a session row are removed once untouched this long. */
const ORPHAN_PARTS_MS = 3600_000;

type Actor = { id: string };

const parts = (ctx: PlatformContext): PartStore => partStore(dataDirLayout(ctx.config.dataDir).uploads);

const uploadNotFound = () => new AppError('UPLOAD_NOT_FOUND', UPLOAD_MESSAGES.notFound);

function toDto(row: UploadSessionRow, offset: number): UploadSessionDto {
  return {
    id: row.id,
    fileName: row.fileName,
    size: row.size,
    offset: row.completedAt ? row.size : offset,
    complete: row.completedAt !== null,
    expiresAt: new Date(row.touchedAt.getTime() + UPLOAD_SESSION_TTL_HOURS * 3600_000).toISOString(),
  };
}

/** POST /uploads: a new session for a file of `size` bytes, while the person holds fewer than the limit. */
export async function startUpload(
  ctx: PlatformContext,
  actor: Actor,
  input: StartUploadInput,
): Promise<UploadSessionDto> {
  if ((await ctx.uploadSessions.countOpen(actor.id)) >= MAX_OPEN_UPLOADS) {
    throw new AppError('CONFLICT', UPLOAD_MESSAGES.tooManyOpen);
  }
  const row = await ctx.uploadSessions.insert({ userId: actor.id, ...input });
  return toDto(row, 0);
}

/** The caller's live session; 404 for anyone else's, an expired or a finished-and-attached one. */
export async function findUpload(ctx: PlatformContext, actor: Actor, id: string): Promise<UploadSessionRow> {
  const row = await ctx.uploadSessions.findOwned(actor.id, id);
  if (!row) throw uploadNotFound();
  return row;
}

/** GET /uploads/{id}: how much of the file the server holds (where to resume). */
export async function uploadState(ctx: PlatformContext, actor: Actor, id: string): Promise<UploadSessionDto> {
  const row = await findUpload(ctx, actor, id);
  return toDto(row, row.completedAt ? row.size : await parts(ctx).offset(id));
}

/**
 * PATCH /uploads/{id}: the bytes of `body` from `offset`, which must be where the server's copy ends
 * (409 with Upload-Offset otherwise). A part cut off on the way keeps what arrived. The part that
 * completes the file stores it checked.
 */
export async function receivePart(
  ctx: PlatformContext,
  actor: Actor,
  id: string,
  part: { offset: number; body: Readable; length: number | undefined },
): Promise<UploadSessionDto> {
  const row = await findUpload(ctx, actor, id);
  const store = parts(ctx);
  const held = row.completedAt ? row.size : await store.offset(id);
  if (part.offset !== held) {
    throw new AppError('UPLOAD_OFFSET_MISMATCH', UPLOAD_MESSAGES.offsetMismatch, {
      [UPLOAD_OFFSET_HEADER]: String(held),
    });
  }
  if (row.completedAt) return toDto(row, held);
  const remaining = row.size - held;
  if (part.length !== undefined && part.length > remaining) {
    throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.beyondSize);
  }
  if ((await store.count(id)) >= MAX_UPLOAD_PARTS)
    throw new AppError('CONFLICT', UPLOAD_MESSAGES.tooManyParts);

  const written = await store.write(id, held, part.body, remaining);
  if (written.tooLong) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.beyondSize);
  const offset = held + written.kept;
  const type = row.mediaType ? null : await firstType(ctx, row, offset);
  const alive = await ctx.uploadSessions.touch(
    id,
    type ? { mediaType: type.kind, mimeType: type.mime } : undefined,
  );
  // Discarded while the part arrived: its bytes go with the directory's clean-up.
  if (!alive) throw uploadNotFound();
  if (written.cut) throw badRequest('The part ended before all of its bytes arrived');
  if (offset < row.size) return toDto(row, offset);
  return toDto(await storeWhole(ctx, row), row.size);
}

/** Once the first bytes are in, the file's type: refused at once (415, 413 for its size) rather than at the end. */
async function firstType(
  ctx: PlatformContext,
  row: UploadSessionRow,
  offset: number,
): Promise<SniffedType | null> {
  if (offset < Math.min(SNIFF_BYTES, row.size)) return null;
  const type = sniffFileType(await parts(ctx).head(row.id, SNIFF_BYTES), row.fileName);
  if (!type) {
    await removeSession(ctx, row.id);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `File type not allowed: ${row.fileName}`);
  }
  if (row.size > fileMaxBytes(type.kind)) {
    await removeSession(ctx, row.id);
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `File is larger than ${fileMaxBytes(type.kind)} bytes: ${row.fileName}`,
    );
  }
  return type;
}

/** The whole file, read across its parts through the same type and size check as any upload, into storage. */
async function storeWhole(ctx: PlatformContext, row: UploadSessionRow): Promise<UploadSessionRow> {
  const store = parts(ctx);
  const guard = new TypeAndSizeGuard(row.fileName, () => true);
  const source = store.assemble(row.id, row.size);
  source.on('error', (error) => guard.destroy(error));
  const storageKey = `uploads/${row.id}`;
  try {
    await ctx.storage.put(storageKey, source.pipe(guard));
  } catch (error) {
    throw guard.failure ?? error;
  }
  const type = guard.type!;
  const done = await ctx.uploadSessions.complete(row.id, {
    storageKey,
    mediaType: type.kind,
    mimeType: type.mime,
  });
  if (!done) {
    // Discarded while it was being stored.
    await ctx.storage.delete(storageKey);
    throw uploadNotFound();
  }
  await store.remove(row.id);
  return done;
}

/** DELETE /uploads/{id}: the session and its bytes go. */
export async function discardUpload(ctx: PlatformContext, actor: Actor, id: string): Promise<void> {
  await findUpload(ctx, actor, id);
  await removeSession(ctx, id);
}

async function removeSession(ctx: PlatformContext, id: string) {
  const row = await ctx.uploadSessions.remove(id);
  await parts(ctx).remove(id);
  if (row?.storageKey) await ctx.storage.delete(row.storageKey);
}

/**
 * The finished uploads a create names, in the order given, as received files of the upload pipeline
 * (their rows are taken in its transaction): 404 for one that is not the caller's or gone, 409 for
 * one still arriving.
 */
export async function finishedUploads(
  ctx: PlatformContext,
  actor: Actor,
  ids: readonly string[],
): Promise<ReceivedFile[]> {
  if (new Set(ids).size !== ids.length) throw badRequest(UPLOAD_MESSAGES.notUploadIds);
  const rows = new Map((await ctx.uploadSessions.findManyOwned(actor.id, ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row) throw uploadNotFound();
    if (!row.completedAt || !row.storageKey || !row.mimeType || !row.mediaType) {
      throw new AppError('UPLOAD_INCOMPLETE', UPLOAD_MESSAGES.incomplete);
    }
    return {
      key: row.storageKey,
      originalName: row.fileName,
      mime: row.mimeType,
      kind: row.mediaType,
      size: row.size,
      uploadId: row.id,
    };
  });
}

/**
 * Housekeeping: sessions nobody sent to or attached within the time to live go with their parts and
 * stored file; part directories left without a session (discarded mid-part) go after an hour.
 */
export async function removeAbandonedUploads(ctx: PlatformContext, now = Date.now()): Promise<void> {
  const store = parts(ctx);
  for (const row of await ctx.uploadSessions.removeExpired()) {
    await store.remove(row.id);
    if (row.storageKey) await ctx.storage.delete(row.storageKey);
  }
  const onDisk = await store.sessions();
  const live = await ctx.uploadSessions.existing(onDisk.map((each) => each.id));
  for (const each of onDisk) {
    if (!live.has(each.id) && now - each.modifiedAt.getTime() > ORPHAN_PARTS_MS) await store.remove(each.id);
  }
}
