import { scopeKey } from '@trowel/shared/auth/scope.ts';
import { canDeleteMessage, canReplyToLog, canSeeLog } from '@trowel/shared/daily-logs/daily-log.policy.ts';
import {
  dayRangeBounds,
  type CreateDailyLogFields,
  type CreateReplyFields,
  type ListDailyLogsQuery,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { paginateByKey } from '@trowel/shared/http/pagination.ts';
import type { Repositories } from '../../context.ts';
import type { ModuleContext } from '../../platform.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { discardFiles, saveUploadedFiles, type Upload } from '../../files/upload-pipeline.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import { toDailyLogDtos } from './daily-log-dto.ts';

/** A page of the logs the actor may see, newest first by default, with their threads. */
export async function listDailyLogs(
  ctx: ModuleContext<'logMediaCounts'>,
  actor: AuthUser,
  query: ListDailyLogsQuery,
) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest('cursor is not valid');
  if (query.projectId && !(await ctx.projects.findVisible(actor, query.projectId))) throw notFound('Project');
  if (query.startDate && query.endDate && query.startDate > query.endDate) {
    throw badRequest('startDate must not be after endDate');
  }
  const filter = { projectId: query.projectId, ...dayRangeBounds(query.startDate, query.endDate) };
  const countKey = JSON.stringify(['logs', scopeKey(actor), query.projectId, query.startDate, query.endDate]);
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

/**
 * Whole answers of the list are kept briefly per scope and query: everyone on site opens the same
 * first page, and any change to logs, replies, files, projects or people drops them (on every process).
 */
export const dailyLogListKey = (actor: AuthUser, query: ListDailyLogsQuery) =>
  JSON.stringify([
    'logs',
    scopeKey(actor),
    query.projectId,
    query.startDate,
    query.endDate,
    query.sortOrder,
    query.page,
    query.limit,
    query.cursor,
  ]);

/** A log the actor may see, or 404 (also for logs of projects they cannot see). */
async function visibleLog(ctx: ModuleContext<'logMediaCounts'>, actor: AuthUser, id: string) {
  const log = await ctx.dailyLogs.find(id);
  if (!log || !canSeeLog(actor, log) || !(await ctx.projects.findVisible(actor, log.projectId))) {
    throw notFound('Daily log');
  }
  return log;
}

async function oneLog(ctx: ModuleContext<'logMediaCounts'>, id: string) {
  const row = await ctx.dailyLogs.findWithNames(id);
  return toDailyLogDtos([row!], ctx.config.appSecret!)[0]!;
}

/** POST /daily-logs: a log with up to 5 files; the author and role are the session's. */
export async function createDailyLog(
  ctx: ModuleContext<'logMediaCounts'>,
  actor: AuthUser,
  upload: Upload<CreateDailyLogFields>,
) {
  const { fields } = upload;
  const { result: id } = await saveUploadedFiles(ctx, actor, upload, async (scoped) => {
    const project = await scoped.projects.findVisible(actor, fields.projectId);
    if (!project) throw notFound('Project');
    const log = await scoped.dailyLogs.insert({
      projectId: project.id,
      authorId: actor.id,
      authorRole: actor.role,
      title: fields.title,
      message: fields.message,
      type: fields.type,
      isClientVisible: fields.isClientVisible,
    });
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
    return { owner: { projectId: project.id, kind: 'log', dailyLogId: log.id }, result: log.id };
  });
  return oneLog(ctx, id);
}

/** The log a reply goes to: one the actor sees (404 otherwise) that still takes replies (409). */
export async function replyTarget(ctx: ModuleContext<'logMediaCounts'>, actor: AuthUser, logId: string) {
  const log = await visibleLog(ctx, actor, logId);
  if (!canReplyToLog(actor, { ...log, isDeleted: log.deletedAt !== null })) {
    throw new AppError('INVALID_STATE', TAKES_NO_REPLIES);
  }
  return log;
}

/** POST /daily-logs/{id}/replies: a reply to the log, or to one of its replies, with up to 5 files. */
export async function createReply(
  ctx: ModuleContext<'logMediaCounts'>,
  actor: AuthUser,
  logId: string,
  upload: Upload<CreateReplyFields>,
) {
  const { fields } = upload;
  const log = await replyTarget(ctx, actor, logId);
  const { result: replyId } = await saveUploadedFiles(ctx, actor, upload, async (scoped) => {
    if (fields.parentReplyId) {
      const parent = await scoped.dailyLogs.findReply(fields.parentReplyId);
      if (!parent || parent.dailyLogId !== log.id) throw notFound('Reply');
      if (parent.deletedAt) throw new AppError('INVALID_STATE', TAKES_NO_REPLIES);
    }
    const reply = await scoped.dailyLogs.insertReply({
      dailyLogId: log.id,
      parentReplyId: fields.parentReplyId ?? null,
      authorId: actor.id,
      authorRole: actor.role,
      message: fields.message,
    });
    await scoped.notifications.create({
      type: 'log',
      title: 'New Reply',
      message: `${actor.name} replied to "${log.title}".`,
      link: `/daily-log?projectId=${log.projectId}`,
      projectId: log.projectId,
      recipientUsers: [log.authorId],
      excludeUserId: actor.id,
    });
    return { owner: { projectId: log.projectId, kind: 'reply', replyId: reply.id }, result: reply.id };
  });
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
const TAKES_NO_REPLIES = 'This message was deleted and takes no replies';

/**
 * Deletes a log or reply for its author: the message stays in its thread, emptied; its files go. A
 * message deleted meanwhile (here or by a concurrent request) answers 409.
 */
async function deleteMessage(
  ctx: ModuleContext<'logMediaCounts'>,
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

export async function deleteDailyLog(ctx: ModuleContext<'logMediaCounts'>, actor: AuthUser, id: string) {
  const log = await visibleLog(ctx, actor, id);
  await deleteMessage(ctx, actor, { ...log, noun: 'log' }, async (scoped) => ({
    deleted: await scoped.dailyLogs.markDeleted(log.id),
    keys: await scoped.attachments.deleteWhere({ dailyLogId: log.id }),
  }));
}

export async function deleteReply(
  ctx: ModuleContext<'logMediaCounts'>,
  actor: AuthUser,
  logId: string,
  replyId: string,
) {
  const log = await visibleLog(ctx, actor, logId);
  const reply = await ctx.dailyLogs.findReply(replyId);
  if (!reply || reply.dailyLogId !== log.id) throw notFound('Reply');
  await deleteMessage(ctx, actor, { ...reply, noun: 'reply' }, async (scoped) => ({
    deleted: await scoped.dailyLogs.markReplyDeleted(reply.id),
    keys: await scoped.attachments.deleteWhere({ replyId: reply.id }),
  }));
}
