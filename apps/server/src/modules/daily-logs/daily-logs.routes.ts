import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDailyLogFields,
  createReplyFields,
  dailyLogAnswer,
  dailyLogListAnswer,
  listDailyLogsQuery,
  replyAnswer,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import type { AppContext } from '../../context.ts';
import { receiveUpload, withUpload } from '../../files/upload-pipeline.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, sendKept } from '../../http/responses.ts';
import {
  createDailyLog,
  createReply,
  dailyLogListKey,
  deleteDailyLog,
  deleteReply,
  listDailyLogs,
  replyTarget,
} from './daily-logs.service.ts';

/** Daily logs and their threads. Uploads accept an Idempotency-Key so a retried post is not doubled. */
/** Logs and replies take up to five files under 'files', or JSON without files. */
const LOG_UPLOAD = { field: 'files', prefix: 'logs', acceptJson: true } as const;

export function dailyLogsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/daily-logs',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['daily-logs'],
          querystring: listDailyLogsQuery,
          response: { 200: dailyLogListAnswer },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        return sendKept(reply, ctx.listPages, dailyLogListKey(actor, request.query), dailyLogListAnswer, () =>
          listDailyLogs(ctx, actor, request.query),
        );
      },
    );

    app.get(
      '/daily-logs/project/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['daily-logs'],
          params: idParams,
          querystring: listDailyLogsQuery.omit({ projectId: true }),
          response: { 200: dailyLogListAnswer },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const query = { ...request.query, projectId: request.params.id };
        return sendKept(reply, ctx.listPages, dailyLogListKey(actor, query), dailyLogListAnswer, () =>
          listDailyLogs(ctx, actor, query),
        );
      },
    );

    app.post(
      '/daily-logs',
      {
        config: { access: 'logs:write' },
        schema: {
          tags: ['daily-logs'],
          description:
            'multipart/form-data (or JSON without files): projectId, title, message, type, isClientVisible, files (at most 5)',
          response: { 201: dailyLogAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, { ...LOG_UPLOAD, schema: createDailyLogFields });
        const dailyLog = await withUpload(ctx, upload, () => createDailyLog(ctx, actorOf(request), upload));
        return { success: true as const, dailyLog };
      },
    );

    app.post(
      '/daily-logs/:id/replies',
      {
        config: {
          access: 'authenticated',
          authorize: (actor, params) => replyTarget(ctx, actor, params.id!),
        },
        schema: {
          tags: ['daily-logs'],
          description:
            'multipart/form-data (or JSON without files): message, parentReplyId (when answering a reply), files (at most 5)',
          params: idParams,
          response: { 201: replyAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, { ...LOG_UPLOAD, schema: createReplyFields });
        const created = await withUpload(ctx, upload, () =>
          createReply(ctx, actorOf(request), request.params.id, upload),
        );
        return { success: true as const, reply: created };
      },
    );

    app.delete(
      '/daily-logs/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['daily-logs'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deleteDailyLog(ctx, actorOf(request), request.params.id);
        return { success: true as const, message: 'Daily log deleted' };
      },
    );

    app.delete(
      '/daily-logs/:id/replies/:replyId',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['daily-logs'],
          params: idParams.extend({ replyId: z.uuid({ error: 'replyId must be a valid id' }) }),
          response: { 200: okMessage },
        },
      },
      async (request) => {
        await deleteReply(ctx, actorOf(request), request.params.id, request.params.replyId);
        return { success: true as const, message: 'Reply deleted' };
      },
    );
  };
}
