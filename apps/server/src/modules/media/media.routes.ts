import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMediaQuery, mediaItemDto, processingResultDto } from '@trowel/shared/media/media.schemas.ts';
import type { AppContext } from '../../context.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import { actorOf } from '../../http/access.ts';
import { runOnce } from '../../http/idempotency.ts';
import { idParams, ok, okMessage, sendSerialized } from '../../http/responses.ts';
import { authorizeFile, sendAttachment } from '../attachments/attachment-access.ts';
import { fileQuery } from '../attachments/attachments.routes.ts';
import {
  deleteMedia,
  mediaListAnswer,
  mediaListAnswerSchema,
  uploadMedia,
  visibleMediaItem,
} from './media.service.ts';

const uploadAnswer = ok({ processingResults: z.array(processingResultDto), media: z.array(mediaItemDto) });

/** Project photos, videos and documents; uploads are processed in the background and polled by status. */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['media'], querystring: listMediaQuery, response: { 200: mediaListAnswerSchema } },
      },
      async (request, reply) =>
        sendSerialized(reply, await mediaListAnswer(ctx, actorOf(request), request.query)),
    );

    app.get(
      '/media/project/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['media'],
          params: idParams,
          querystring: listMediaQuery.omit({ projectId: true }),
          response: { 200: mediaListAnswerSchema },
        },
      },
      async (request, reply) =>
        sendSerialized(
          reply,
          await mediaListAnswer(ctx, actorOf(request), { ...request.query, projectId: request.params.id }),
        ),
    );

    for (const [path, field, maxFiles] of [
      ['/media/upload', 'file', 1],
      ['/media/upload-optimized', 'file', 1],
      ['/media/upload-processing', 'file', 1],
      ['/media/upload-batch', 'files', 5],
    ] as const) {
      app.post(
        path,
        {
          config: { access: 'authenticated' },
          schema: {
            tags: ['media'],
            description: `multipart/form-data: projectId, description, isClientVisible, ${field} (at most ${maxFiles}); answers 202 while files are processed`,
            response: { 202: uploadAnswer },
          },
        },
        (request, reply) =>
          runOnce(ctx.db, request, reply, 202, async () => ({
            success: true as const,
            ...(await uploadMedia(ctx, request, field, maxFiles)),
          })),
      );
    }

    for (const [suffix, disposition] of [
      ['view', 'inline'],
      ['download', 'attachment'],
    ] as const) {
      app.get(
        `/media/:id/${suffix}`,
        // Public at the door: a file token opens this one file; otherwise a session is required.
        {
          config: { access: 'public' },
          schema: { tags: ['media'], params: idParams, querystring: fileQuery },
        },
        async (request, reply) => {
          const found = await ctx.attachments.find(request.params.id);
          const file = await authorizeFile(ctx, request, found?.kind === 'media' ? found : null);
          return sendAttachment(ctx, reply, file, request.query.variant, disposition);
        },
      );
    }

    app.get(
      '/media/:id/variants',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['media'],
          params: idParams,
          response: { 200: ok({ status: z.string(), variants: z.record(z.string(), z.string()) }) },
        },
      },
      async (request) => {
        const row = await visibleMediaItem(ctx, actorOf(request), request.params.id);
        const dto = toAttachmentDto(row, ctx.config.appSecret!);
        return { success: true as const, status: dto.status, variants: dto.variants };
      },
    );

    app.delete(
      '/media/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['media'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deleteMedia(ctx, actorOf(request), request.params.id);
        return { success: true as const, message: 'File deleted' };
      },
    );
  };
}
