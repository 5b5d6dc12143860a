import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { processingStatusDto } from '@trowel/shared/users/user.schemas.ts';
import type { AppContext } from '../../context.ts';
import type { JobRow } from '../../db/schema.ts';
import { actorOf } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { ok } from '../../http/responses.ts';
import { ATTACHMENT_JOB } from '../attachments/attachment-processing.ts';

/** Job states as the status call words them (spec 1 §7): processing, or completed. */
const STATUS = {
  queued: 'processing',
  running: 'processing',
  done: 'completed',
  failed: 'completed',
} as const;

/** Why a job failed, naming the file it was about when the reason does not already. */
async function failureReason(ctx: AppContext, job: JobRow): Promise<string> {
  const reason = job.error ?? 'Processing failed';
  if (job.type !== ATTACHMENT_JOB) return reason;
  const { attachmentId } = job.payload as { attachmentId?: string };
  const file = attachmentId ? await ctx.attachments.find(attachmentId) : null;
  if (!file || reason.startsWith(`${file.originalName}:`)) return reason;
  return `${file.originalName}: ${reason}`;
}

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
          ...(job.status === 'failed' ? { failed: true, error: await failureReason(ctx, job) } : {}),
          ...(result.avatar ? { avatar: result.avatar } : {}),
          ...(result.variants ? { variants: result.variants } : {}),
        };
      },
    );
  };
}
