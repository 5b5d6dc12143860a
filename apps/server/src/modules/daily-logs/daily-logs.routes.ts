import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailyLogDto, listDailyLogsQuery, replyDto } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { runOnce } from '../../http/idempotency.ts';
import { idParams, ok, okMessage, sendSerialized } from '../../http/responses.ts';
import {
  createDailyLog,
  createReply,
  deleteDailyLog,
  deleteReply,
  dailyLogListAnswer,
  dailyLogListAnswerSchema,
} from './daily-logs.service.ts';

/** Daily logs and their threads. Uploads accept an Idempotency-Key so a retried post is not doubled. */
export function dailyLogsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/daily-logs',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['daily-logs'],
          querystring: listDailyLogsQuery,
          response: { 200: dailyLogListAnswerSchema },
        },
      },
      async (request, reply) =>
        sendSerialized(reply, await dailyLogListAnswer(ctx, actorOf(request), request.query)),
    );

    app.get(
      '/daily-logs/project/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['daily-logs'],
          params: idParams,
          querystring: listDailyLogsQuery.omit({ projectId: true }),
          response: { 200: dailyLogListAnswerSchema },
        },
      },
      async (request, reply) =>
        sendSerialized(
          reply,
          await dailyLogListAnswer(ctx, actorOf(request), {
            ...request.query,
            projectId: request.params.id,
          }),
        ),
    );

    app.post(
      '/daily-logs',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['daily-logs'],
          description:
            'multipart/form-data: projectId, title, message, type, isClientVisible, files (at most 5)',
          response: { 201: ok({ dailyLog: dailyLogDto }) },
        },
      },
      (request, reply) =>
        runOnce(ctx.db, request, reply, 201, async () => ({
          success: true as const,
          dailyLog: await createDailyLog(ctx, request),
        })),
    );

    app.post(
      '/daily-logs/:id/replies',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['daily-logs'],
          description:
            'multipart/form-data: message, parentReplyId (when answering a reply), files (at most 5)',
          params: idParams,
          response: { 201: ok({ reply: replyDto }) },
        },
      },
      (request, reply) =>
        runOnce(ctx.db, request, reply, 201, async () => ({
          success: true as const,
          reply: await createReply(ctx, request, request.params.id),
        })),
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
