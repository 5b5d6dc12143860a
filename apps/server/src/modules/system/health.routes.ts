import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@trowel/shared/http/envelope.ts';
import type { AppContext } from '../../context.ts';

/** GET /health: the process answers and its database too (load balancers and the run contract use it). */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          response: { 200: ok({ status: z.literal('ok'), database: z.string() }) },
        },
      },
      async () => {
        await ctx.database.ping();
        return { success: true as const, status: 'ok' as const, database: ctx.database.kind };
      },
    );
  };
}
