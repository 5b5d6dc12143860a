import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VARIANT_QUERY_NAMES, variantNamed } from '@trowel/shared/files/attachment.schemas.ts';
import type { AppContext } from '../../context.ts';
import { idParams } from '../../http/responses.ts';
import { authorizeFile, sendAttachment } from './attachment-access.ts';

export const fileQuery = z.object({
  token: z.string().max(200).optional(),
  variant: z
    .enum(VARIANT_QUERY_NAMES, { error: 'variant is not a known variant' })
    .transform(variantNamed)
    .optional(),
});

/** Any stored file by id (logs, replies, media, tasks): view (inline when safe; HEAD checks existence) and download. */
export function attachmentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [suffix, disposition] of [
      ['view', 'inline'],
      ['download', 'attachment'],
    ] as const) {
      app.get(
        `/attachments/:id/${suffix}`,
        // Public at the door: a file token opens this one file; otherwise a session is required.
        {
          config: { access: 'public' },
          schema: { tags: ['attachments'], params: idParams, querystring: fileQuery },
        },
        async (request, reply) => {
          const found = await ctx.attachments.find(request.params.id);
          const attachment = await authorizeFile(ctx, request, found);
          return sendAttachment(ctx, reply, attachment, request.query.variant, disposition);
        },
      );
    }
  };
}
