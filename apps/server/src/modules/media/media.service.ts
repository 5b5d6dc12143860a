import { z } from 'zod';
import { paginateByKey } from '@trowel/shared/http/pagination.ts';
import type { FastifyRequest } from 'fastify';
import { can, type Actor } from '@trowel/shared/auth/policy.ts';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { canDeleteMedia, canSeeMedia, canUploadMedia } from '@trowel/shared/media/media.policy.ts';
import {
  MEDIA_MESSAGES,
  mediaItemDto,
  mediaPaginationDto,
  uploadMediaFields,
  type ListMediaQuery,
  type MediaItemDto,
  type ProcessingResult,
} from '@trowel/shared/media/media.schemas.ts';
import type { AppContext } from '../../context.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import { actorOf, type AuthUser } from '../../http/access.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import { ok, serializeAnswer } from '../../http/responses.ts';
import { queueProcessing } from '../attachments/attachment-processing.ts';
import { attachmentRows, discardFiles, receiveUploads, withUploadedFiles } from '../attachments/uploads.ts';
import { decodeCursor, encodeCursor } from '../projects/project-cursor.ts';
import { visibilityKey } from '../projects/project-visibility.ts';
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

export async function listMedia(ctx: AppContext, actor: AuthUser, query: ListMediaQuery) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest('cursor is not valid');
  if (query.projectId && !(await ctx.projects.findVisible(actor, query.projectId))) throw notFound('Project');
  const filter = { projectId: query.projectId, type: query.type === 'all' ? undefined : query.type };
  const countKey = JSON.stringify(['media', visibilityKey(actor), filter]);
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

export const mediaListAnswerSchema = ok({ media: z.array(mediaItemDto), pagination: mediaPaginationDto });

/**
 * The list's whole answer, serialized, kept per visibility and query as log pages are (any change to
 * files, logs, projects or people drops it). Whether an item may be deleted depends on who asks,
 * unless they may delete any.
 */
export function mediaListAnswer(ctx: AppContext, actor: AuthUser, query: ListMediaQuery) {
  const deleter = can(actor, 'media:delete-any') ? 'any' : actor.id;
  const key = JSON.stringify([
    'media',
    visibilityKey(actor),
    deleter,
    query.projectId,
    query.type,
    query.page,
    query.limit,
    query.cursor,
  ]);
  return ctx.listPages.get(key, async () =>
    serializeAnswer(mediaListAnswerSchema, { success: true, ...(await listMedia(ctx, actor, query)) }),
  );
}

/**
 * Every upload route: files stream to storage, rows and processing jobs are committed together,
 * and each file answers a processing id to poll. `maxFiles` is 1 for the single-file routes.
 */
export async function uploadMedia(ctx: AppContext, request: FastifyRequest, field: string, maxFiles: number) {
  const actor = actorOf(request);
  if (!canUploadMedia(actor)) throw forbidden("You don't have permission to upload media");
  const { files, fields } = await receiveUploads(ctx, request, {
    field,
    prefix: 'media',
    schema: uploadMediaFields,
    maxFiles: Math.min(maxFiles, MAX_FILES_PER_UPLOAD),
  });
  const ids = await withUploadedFiles(ctx, files, async () => {
    if (files.length === 0) {
      throw badRequest(`${MEDIA_MESSAGES.noFiles.title}: ${MEDIA_MESSAGES.noFiles.description}`);
    }
    const project = await ctx.projects.findVisible(actor, fields.projectId);
    if (!project) throw notFound('Project');
    return ctx.db.transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const stored = await scoped.attachments.insertMany(
        attachmentRows(files, {
          projectId: project.id,
          kind: 'media',
          uploadedBy: actor.id,
          description: fields.description || null,
          isClientVisible: fields.isClientVisible,
        }),
      );
      await queueProcessing(tx, stored, actor.id);
      return stored.map((row) => row.id);
    });
  });
  await ctx.invalidate({ kind: 'logs-media' });
  ctx.wakeWorker();
  const rows = await ctx.media.findWithNames(ids);
  const processingResults: ProcessingResult[] = rows.map((row) => ({
    processingId: row.processingId!,
    mediaId: row.id,
    originalName: row.originalName,
    status: row.status as ProcessingResult['status'],
  }));
  return {
    processingResults,
    media: rows.map((row) => toMediaItemDto(row, actor, ctx.config.appSecret!)),
  };
}

/** A media item the actor may see, or 404. */
export async function visibleMediaItem(ctx: AppContext, actor: AuthUser, id: string) {
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

/** The uploader, admin and project_manager delete; the row goes first, then its files. */
export async function deleteMedia(ctx: AppContext, actor: AuthUser, id: string) {
  const row = await visibleMediaItem(ctx, actor, id);
  if (!canDeleteMedia(actor, row)) throw forbidden("You don't have permission to delete this file");
  const keys = await ctx.attachments.deleteWhere({ id: row.id });
  await discardFiles(ctx, keys);
  await ctx.invalidate({ kind: 'logs-media' });
}
