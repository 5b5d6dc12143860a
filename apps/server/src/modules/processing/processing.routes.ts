import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { processingStatusDto } from '@trowel/shared/users/user.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { ok } from '../../http/responses.ts';

const STATUS = { queued: 'processing', running: 'processing', done: 'completed', failed: 'failed' } as const;

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
          response: { 200: ok(processingStatusDto.shape) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const job = await ctx.jobs.findByProcessingId(request.params.processingId);
        if (!job || (job.requestedBy !== actor.id && actor.role !== 'admin'))
          throw notFound('Processing job');
        const result = (job.result ?? {}) as { avatar?: string; variants?: Record<string, string> };
        const status = STATUS[job.status as keyof typeof STATUS] ?? 'processing';
        return {
          success: true as const,
          processingId: job.processingId,
          status,
          ...(status === 'failed' ? { error: job.error ?? 'Processing failed' } : {}),
          ...(result.avatar ? { avatar: result.avatar } : {}),
          ...(result.variants ? { variants: result.variants } : {}),
        };
      },
    );
  };
}
