import { can, type Actor } from '@trowel/shared/auth/policy.ts';
import { scopeKey } from '@trowel/shared/auth/scope.ts';
import { paginateByKey } from '@trowel/shared/http/pagination.ts';
import { canDeleteMedia, canSeeMedia } from '@trowel/shared/media/media.policy.ts';
import {
  MEDIA_MESSAGES,
  type ListMediaQuery,
  type MediaItemDto,
  type ProcessingResult,
  type UploadMediaFields,
} from '@trowel/shared/media/media.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import { discardFiles, saveUploadedFiles, type Upload } from '../../files/upload-pipeline.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { MediaListRow } from './media.repository.ts';

export function toMediaItemDto(row: MediaListRow, actor: Actor, secret: string): MediaItemDto {
  return {
    ...toAttachmentDto(row, secret),
    type: row.mediaType as MediaItemDto['type'],
    description: row.description,
    isClientVisible: row.isClientVisible,
    uploadDate: row.createdAt.toISOString(),
    uploaderName: row.uploaderName,
    projectTitle: row.projectTitle,
    failureReason: row.status === 'failed' ? (row.failureReason ?? 'Processing failed') : null,
    processingId: row.status === 'processing' ? row.processingId : null,
    canDelete: canDeleteMedia(actor, row),
  };
}

export async function listMedia(
  ctx: ModuleContext<'logMediaCounts'>,
  actor: AuthUser,
  query: ListMediaQuery,
) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest('cursor is not valid');
  if (query.projectId && !(await ctx.projects.findVisible(actor, query.projectId))) throw notFound('Project');
  const filter = { projectId: query.projectId, type: query.type === 'all' ? undefined : query.type };
  const countKey = JSON.stringify(['media', scopeKey(actor), filter]);
  const [rows, total] = await Promise.all([
    ctx.media.page(actor, filter, { cursor, offset: (query.page - 1) * query.limit, limit: query.limit }),
    ctx.logMediaCounts.get(countKey, () => ctx.media.count(actor, filter)),
  ]);
  const items = rows.slice(0, query.limit);
  const hasNext = rows.length > query.limit;
  const last = items.at(-1);
  return {
    media: items.map((row) => toMediaItemDto(row, actor, ctx.config.appSecret!)),
    pagination: paginateByKey(query.page, query.limit, total, hasNext && last ? encodeCursor(last) : null),
  };
}

/**
 * Whole answers of the list are kept per scope and query as log pages are (any change to files,
 * logs, projects or people drops them). Whether an item may be deleted depends on who asks, unless
 * they may delete any.
 */
export function mediaListKey(actor: AuthUser, query: ListMediaQuery) {
  const deleter = can(actor, 'media:delete-any') ? 'any' : actor.id;
  return JSON.stringify([
    'media',
    scopeKey(actor),
    deleter,
    query.projectId,
    query.type,
    query.page,
    query.limit,
    query.cursor,
  ]);
}

/**
 * Every upload route: files stream to storage, rows and processing jobs are committed together,
 * and each file answers a processing id to poll.
 */
export async function uploadMedia(
  ctx: ModuleContext<'logMediaCounts'>,
  actor: AuthUser,
  upload: Upload<UploadMediaFields>,
) {
  const { fields } = upload;
  const { rows } = await saveUploadedFiles(ctx, actor, upload, async (scoped) => {
    if (upload.files.length === 0) {
      throw badRequest(`${MEDIA_MESSAGES.noFiles.title}: ${MEDIA_MESSAGES.noFiles.description}`);
    }
    const project = await scoped.projects.findVisible(actor, fields.projectId);
    if (!project) throw notFound('Project');
    return {
      owner: {
        projectId: project.id,
        kind: 'media',
        description: fields.description || null,
        isClientVisible: fields.isClientVisible,
      },
      result: null,
    };
  });
  const items = await ctx.media.findWithNames(rows.map((row) => row.id));
  const processingResults: ProcessingResult[] = items.map((row) => ({
    processingId: row.processingId!,
    mediaId: row.id,
    originalName: row.originalName,
    status: row.status as ProcessingResult['status'],
  }));
  return {
    processingResults,
    media: items.map((row) => toMediaItemDto(row, actor, ctx.config.appSecret!)),
  };
}

/** A media file by id, or null (file routes authorize it by its kind). */
export async function findMediaFile(ctx: ModuleContext<'logMediaCounts'>, id: string) {
  const found = await ctx.attachments.find(id);
  return found?.kind === 'media' ? found : null;
}

/** The variants of a media item the actor sees. */
export async function mediaVariants(ctx: ModuleContext<'logMediaCounts'>, actor: AuthUser, id: string) {
  const dto = toAttachmentDto(await visibleMediaItem(ctx, actor, id), ctx.config.appSecret!);
  return { status: dto.status, variants: dto.variants };
}

/** A media item the actor may see, or 404. */
export async function visibleMediaItem(ctx: ModuleContext<'logMediaCounts'>, actor: AuthUser, id: string) {
  const [row] = await ctx.media.findWithNames([id]);
  if (
    !row ||
    row.kind !== 'media' ||
    !canSeeMedia(actor, row) ||
    !row.projectId ||
    !(await ctx.projects.findVisible(actor, row.projectId))
  ) {
    throw notFound('Media file');
  }
  return row;
}

/** The media item the actor asks to delete: one they see (404) and may delete (403). */
export async function deletableMediaItem(ctx: ModuleContext<'logMediaCounts'>, actor: AuthUser, id: string) {
  const row = await visibleMediaItem(ctx, actor, id);
  if (!canDeleteMedia(actor, row)) throw forbidden("You don't have permission to delete this file");
  return row;
}

/** The uploader, admin and project_manager delete; the row goes first, then its files. */
export async function deleteMedia(ctx: ModuleContext<'logMediaCounts'>, actor: AuthUser, id: string) {
  const row = await deletableMediaItem(ctx, actor, id);
  const keys = await ctx.attachments.deleteWhere({ id: row.id });
  await discardFiles(ctx, keys);
  await ctx.invalidate({ kind: 'logs-media' });
}
