import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { processingStatusAnswer } from '@trowel/shared/users/user.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { processingStatus } from './processing.service.ts';

/** GET /media/status/{processingId}: the state of background work the caller started. */
export function processingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/status/:processingId',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['media'],
          params: z.object({ processingId: z.uuid({ error: 'processingId must be a valid id' }) }),
          response: { 200: processingStatusAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await processingStatus(ctx, actorOf(request), request.params.processingId)),
      }),
    );
  };
}
