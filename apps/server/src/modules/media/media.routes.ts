import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  listMediaQuery,
  mediaListAnswer,
  mediaUploadAnswer,
  mediaVariantsAnswer,
  uploadMediaFields,
} from '@trowel/shared/media/media.schemas.ts';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import type { AppContext } from '../../context.ts';
import { registerFileRoutes } from '../../files/file-routes.ts';
import { receiveUpload, withUpload } from '../../files/upload-pipeline.ts';
import { actorOf } from '../../http/access.ts';
import { runOnce } from '../../http/idempotency.ts';
import { idParams, sendKept } from '../../http/responses.ts';
import {
  deletableMediaItem,
  deleteMedia,
  findMediaFile,
  listMedia,
  mediaListKey,
  mediaVariants,
  uploadMedia,
} from './media.service.ts';

const UPLOADS = [
  ['/media/upload', 'file', 1],
  ['/media/upload-optimized', 'file', 1],
  ['/media/upload-processing', 'file', 1],
  ['/media/upload-batch', 'files', MAX_FILES_PER_UPLOAD],
] as const;

/** Project photos, videos and documents; uploads are processed in the background and polled by status. */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['media'], querystring: listMediaQuery, response: { 200: mediaListAnswer } },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        return sendKept(reply, ctx.listPages, mediaListKey(actor, request.query), mediaListAnswer, () =>
          listMedia(ctx, actor, request.query),
        );
      },
    );

    app.get(
      '/media/project/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['media'],
          params: idParams,
          querystring: listMediaQuery.omit({ projectId: true }),
          response: { 200: mediaListAnswer },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const query = { ...request.query, projectId: request.params.id };
        return sendKept(reply, ctx.listPages, mediaListKey(actor, query), mediaListAnswer, () =>
          listMedia(ctx, actor, query),
        );
      },
    );

    for (const [path, field, maxFiles] of UPLOADS) {
      app.post(
        path,
        {
          config: { access: 'media:upload' },
          schema: {
            tags: ['media'],
            description: `multipart/form-data: projectId, description, isClientVisible, ${field} (at most ${maxFiles}); answers 202 while files are processed`,
            response: { 202: mediaUploadAnswer },
          },
        },
        (request, reply) =>
          runOnce(ctx.database, request, reply, 202, async () => {
            const upload = await receiveUpload(ctx, request, {
              field,
              prefix: 'media',
              schema: uploadMediaFields,
              maxFiles,
            });
            const answer = await withUpload(ctx, upload, () => uploadMedia(ctx, actorOf(request), upload));
            return { success: true as const, ...answer };
          }),
      );
    }

    registerFileRoutes(app, ctx, {
      path: '/media/:id',
      tags: ['media'],
      params: idParams,
      find: ({ id }) => findMediaFile(ctx, id),
    });

    app.get(
      '/media/:id/variants',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['media'], params: idParams, response: { 200: mediaVariantsAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await mediaVariants(ctx, actorOf(request), request.params.id)),
      }),
    );

    app.delete(
      '/media/:id',
      {
        config: {
          access: 'authenticated',
          authorize: (actor, params) => deletableMediaItem(ctx, actor, params.id!),
        },
        schema: { tags: ['media'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deleteMedia(ctx, actorOf(request), request.params.id);
        return { success: true as const, message: 'File deleted' };
      },
    );
  };
}
