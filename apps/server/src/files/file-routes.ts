import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VARIANT_QUERY_NAMES, variantNamed } from '@trowel/shared/files/attachment.schemas.ts';
import type { PlatformContext as AppContext } from '../platform.ts';
import type { AttachmentRow } from '../db/schema/files.ts';
import { authorizeFile, sendAttachment } from './file-access.ts';

export const fileQuery = z.object({
  token: z.string().max(200).optional(),
  variant: z
    .enum(VARIANT_QUERY_NAMES, { error: 'variant is not a known variant' })
    .transform(variantNamed)
    .optional(),
});

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Registers `{path}/view` (inline when safe; HEAD tells whether the file exists) and
 * `{path}/download` for the stored files `find` answers from the path's parameters. Public at the
 * door: a file token opens its one file; otherwise the session must be allowed by the access rule
 * of the file's kind (files/file-access.ts).
 */
export function registerFileRoutes<P extends z.ZodObject>(
  app: RouteApp | FastifyInstance,
  ctx: AppContext,
  options: {
    path: string;
    tags: string[];
    params: P;
    find: (params: z.output<P>) => Promise<AttachmentRow | null>;
  },
) {
  for (const [suffix, disposition] of [
    ['view', 'inline'],
    ['download', 'attachment'],
  ] as const) {
    (app as RouteApp).get(
      `${options.path}/${suffix}`,
      {
        config: { access: 'public' },
        schema: { tags: options.tags, params: options.params, querystring: fileQuery },
      },
      async (request, reply) => {
        const found = await options.find(request.params as z.output<P>);
        const file = await authorizeFile(ctx, request.user, request.query.token, found);
        return sendAttachment(ctx, reply, file, request.query.variant, disposition);
      },
    );
  }
}

/** A stored file by id, of any kind. */
export function findStoredFile(ctx: AppContext, id: string) {
  return ctx.attachments.find(id);
}
