import { paginateByKey } from '@trowel/shared/http/pagination.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  canCreateLog,
  canDeleteMessage,
  canReplyToLog,
  canSeeLog,
} from '@trowel/shared/daily-logs/daily-log.policy.ts';
import {
  createDailyLogFields,
  createReplyFields,
  dailyLogDto,
  dailyLogPaginationDto,
  dayRangeBounds,
  type ListDailyLogsQuery,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import type { AppContext, Repositories } from '../../context.ts';
import { actorOf, type AuthUser } from '../../http/access.ts';
import { ok, serializeAnswer } from '../../http/responses.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import { queueProcessing } from '../attachments/attachment-processing.ts';
import { attachmentRows, discardFiles, receiveUploads, withUploadedFiles } from '../attachments/uploads.ts';
import { decodeCursor, encodeCursor } from '../projects/project-cursor.ts';
import { visibilityKey } from '../projects/project-visibility.ts';
import { toDailyLogDtos } from './daily-log-dto.ts';

/** A page of the logs the actor may see, newest first by default, with their threads. */
export async function listDailyLogs(ctx: AppContext, actor: AuthUser, query: ListDailyLogsQuery) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest('cursor is not valid');
  if (query.projectId && !(await ctx.projects.findVisible(actor, query.projectId))) throw notFound('Project');
  if (query.startDate && query.endDate && query.startDate > query.endDate) {
    throw badRequest('startDate must not be after endDate');
  }
  const filter = { projectId: query.projectId, ...dayRangeBounds(query.startDate, query.endDate) };
  const countKey = JSON.stringify([
    'logs',
    visibilityKey(actor),
    query.projectId,
    query.startDate,
    query.endDate,
  ]);
  const [rows, total] = await Promise.all([
    ctx.dailyLogs.page(actor, filter, {
      descending: query.sortOrder === 'desc',
      cursor,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    }),
    ctx.logMediaCounts.get(countKey, () => ctx.dailyLogs.count(actor, filter)),
  ]);
  const logs = rows.slice(0, query.limit);
  const hasNext = rows.length > query.limit;
  const last = logs.at(-1);
  return {
    dailyLogs: toDailyLogDtos(logs, ctx.config.appSecret!),
    pagination: paginateByKey(query.page, query.limit, total, hasNext && last ? encodeCursor(last) : null),
  };
}

export const dailyLogListAnswerSchema = ok({
  dailyLogs: z.array(dailyLogDto),
  pagination: dailyLogPaginationDto,
});

/**
 * The list's whole answer, serialized. Pages are kept briefly per visibility and query: everyone on
 * site opens the same first page, and any change to logs, replies, files, projects or people drops
 * them (on every process).
 */
export function dailyLogListAnswer(ctx: AppContext, actor: AuthUser, query: ListDailyLogsQuery) {
  const key = JSON.stringify([
    'logs',
    visibilityKey(actor),
    query.projectId,
    query.startDate,
    query.endDate,
    query.sortOrder,
    query.page,
    query.limit,
    query.cursor,
  ]);
  return ctx.listPages.get(key, async () =>
    serializeAnswer(dailyLogListAnswerSchema, { success: true, ...(await listDailyLogs(ctx, actor, query)) }),
  );
}

/** A log the actor may see, or 404 (also for logs of projects they cannot see). */
async function visibleLog(ctx: AppContext, actor: AuthUser, id: string) {
  const log = await ctx.dailyLogs.find(id);
  if (!log || !canSeeLog(actor, log) || !(await ctx.projects.findVisible(actor, log.projectId))) {
    throw notFound('Daily log');
  }
  return log;
}

async function oneLog(ctx: AppContext, id: string) {
  const row = await ctx.dailyLogs.findWithNames(id);
  return toDailyLogDtos([row!], ctx.config.appSecret!)[0]!;
}

/** POST /daily-logs: a log with up to 5 files; the author and role are the session's. */
export async function createDailyLog(ctx: AppContext, request: FastifyRequest) {
  const actor = actorOf(request);
  if (!canCreateLog(actor)) throw forbidden("You don't have permission to add daily logs");
  const { files, fields } = await receiveUploads(ctx, request, {
    field: 'files',
    prefix: 'logs',
    schema: createDailyLogFields,
    acceptJson: true,
  });
  const id = await withUploadedFiles(ctx, files, async () => {
    const project = await ctx.projects.findVisible(actor, fields.projectId);
    if (!project) throw notFound('Project');
    return ctx.db.transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const log = await scoped.dailyLogs.insert({
        projectId: project.id,
        authorId: actor.id,
        authorRole: actor.role,
        title: fields.title,
        message: fields.message,
        type: fields.type,
        isClientVisible: fields.isClientVisible,
      });
      const stored = await scoped.attachments.insertMany(
        attachmentRows(files, {
          projectId: project.id,
          kind: 'log',
          dailyLogId: log.id,
          uploadedBy: actor.id,
        }),
      );
      await queueProcessing(tx, stored, actor.id);
      await scoped.notifications.create({
        type: 'log',
        title: 'New Daily Log',
        message: `${actor.name} posted "${fields.title}" on "${project.title}".`,
        link: `/daily-log?projectId=${project.id}`,
        projectId: project.id,
        recipientRoles: ['admin'],
        recipientUsers: [project.projectLeadId, fields.isClientVisible ? project.clientId : null],
        excludeUserId: actor.id,
      });
      return log.id;
    });
  });
  await ctx.invalidate({ kind: 'logs-media' });
  ctx.wakeWorker();
  return oneLog(ctx, id);
}

/** POST /daily-logs/{id}/replies: a reply to the log, or to one of its replies, with up to 5 files. */
export async function createReply(ctx: AppContext, request: FastifyRequest, logId: string) {
  const actor = actorOf(request);
  const log = await visibleLog(ctx, actor, logId);
  if (!canReplyToLog(actor, { ...log, isDeleted: log.deletedAt !== null })) {
    throw new AppError('INVALID_STATE', 'This message was deleted and takes no replies');
  }
  const { files, fields } = await receiveUploads(ctx, request, {
    field: 'files',
    prefix: 'logs',
    schema: createReplyFields,
    acceptJson: true,
  });
  const replyId = await withUploadedFiles(ctx, files, async () => {
    if (fields.parentReplyId) {
      const parent = await ctx.dailyLogs.findReply(fields.parentReplyId);
      if (!parent || parent.dailyLogId !== log.id) throw notFound('Reply');
      if (parent.deletedAt)
        throw new AppError('INVALID_STATE', 'This message was deleted and takes no replies');
    }
    return ctx.db.transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const reply = await scoped.dailyLogs.insertReply({
        dailyLogId: log.id,
        parentReplyId: fields.parentReplyId ?? null,
        authorId: actor.id,
        authorRole: actor.role,
        message: fields.message,
      });
      const stored = await scoped.attachments.insertMany(
        attachmentRows(files, {
          projectId: log.projectId,
          kind: 'reply',
          replyId: reply.id,
          uploadedBy: actor.id,
        }),
      );
      await queueProcessing(tx, stored, actor.id);
      await scoped.notifications.create({
        type: 'log',
        title: 'New Reply',
        message: `${actor.name} replied to "${log.title}".`,
        link: `/daily-log?projectId=${log.projectId}`,
        projectId: log.projectId,
        recipientUsers: [log.authorId],
        excludeUserId: actor.id,
      });
      return reply.id;
    });
  });
  await ctx.invalidate({ kind: 'logs-media' });
  ctx.wakeWorker();
  const dto = await oneLog(ctx, log.id);
  const find = (replies: typeof dto.replies): (typeof dto.replies)[number] | undefined => {
    for (const reply of replies) {
      if (reply.id === replyId) return reply;
      const inner = find(reply.replies);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(dto.replies)!;
}

/** Only the author deletes; the log stays in place as deleted, its replies survive, its files go. */
const ALREADY_DELETED = 'This message was already deleted';

/**
 * Deletes a log or reply for its author: the message stays in its thread, emptied; its files go. A
 * message deleted meanwhile (here or by a concurrent request) answers 409.
 */
async function deleteMessage(
  ctx: AppContext,
  actor: AuthUser,
  message: { authorId: string | null; deletedAt: Date | null; noun: 'log' | 'reply' },
  remove: (scoped: Repositories) => Promise<{ deleted: boolean; keys: string[] }>,
) {
  if (!canDeleteMessage(actor, { authorId: message.authorId, isDeleted: false }))
    throw forbidden(`Only the author may delete this ${message.noun}`);
  if (message.deletedAt) throw new AppError('INVALID_STATE', ALREADY_DELETED);
  const keys = await ctx.db.transaction(async (tx) => {
    const { deleted, keys } = await remove(ctx.withDb(tx));
    if (!deleted) throw new AppError('INVALID_STATE', ALREADY_DELETED);
    return keys;
  });
  await discardFiles(ctx, keys);
  await ctx.invalidate({ kind: 'logs-media' });
}

export async function deleteDailyLog(ctx: AppContext, actor: AuthUser, id: string) {
  const log = await visibleLog(ctx, actor, id);
  await deleteMessage(ctx, actor, { ...log, noun: 'log' }, async (scoped) => ({
    deleted: await scoped.dailyLogs.markDeleted(log.id),
    keys: await scoped.attachments.deleteWhere({ dailyLogId: log.id }),
  }));
}

export async function deleteReply(ctx: AppContext, actor: AuthUser, logId: string, replyId: string) {
  const log = await visibleLog(ctx, actor, logId);
  const reply = await ctx.dailyLogs.findReply(replyId);
  if (!reply || reply.dailyLogId !== log.id) throw notFound('Reply');
  await deleteMessage(ctx, actor, { ...reply, noun: 'reply' }, async (scoped) => ({
    deleted: await scoped.dailyLogs.markReplyDeleted(reply.id),
    keys: await scoped.attachments.deleteWhere({ replyId: reply.id }),
  }));
}
