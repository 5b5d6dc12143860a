import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { openAvatar } from './avatar.service.ts';

/**
 * Avatar images. Public like any profile picture, under a random name per upload that nobody
 * can guess, so an <img> can show them without a session token in the URL.
 */
export function avatarRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/avatars/:userId/:file',
      {
        config: { access: 'public' },
        schema: {
          tags: ['users'],
          params: z.object({
            userId: z.uuid(),
            file: z.string().regex(/^[0-9a-f-]{36}\.(webp|jpg)$/, 'Unknown avatar file'),
          }),
        },
      },
      async (request, reply) => {
        const { userId, file } = request.params;
        const { stream, contentType } = await openAvatar(ctx, userId, file);
        return reply
          .header('content-type', contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(stream);
      },
    );
  };
}
