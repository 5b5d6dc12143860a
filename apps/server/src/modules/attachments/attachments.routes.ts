import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { findStoredFile, registerFileRoutes } from '../../files/file-routes.ts';
import { idParams } from '../../http/responses.ts';

/** Any stored file by id (logs, replies, media, tasks): view and download, by the rule of its kind. */
export function attachmentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerFileRoutes(app, ctx, {
      path: '/attachments/:id',
      tags: ['attachments'],
      params: idParams,
      find: ({ id }) => findStoredFile(ctx, id),
    });
  };
}
