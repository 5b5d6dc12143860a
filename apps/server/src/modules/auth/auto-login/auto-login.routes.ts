import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateAutoLoginAnswer,
  generateAutoLoginInput,
  validateAutoLoginAnswer,
  validateAutoLoginInput,
} from '@trowel/shared/auto-login/auto-login.schemas.ts';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../http/access.ts';
import { generateAutoLoginLink, validateAutoLoginLink } from './auto-login.service.ts';

/** Links that open one RFQ for a vendor without a password. */
export function autoLoginRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auto-login/generate',
      {
        config: { access: 'procurement:access' },
        schema: {
          tags: ['auto-login'],
          body: generateAutoLoginInput,
          response: { 200: generateAutoLoginAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await generateAutoLoginLink(ctx, actorOf(request), request.body, request.log)),
      }),
    );

    app.post(
      '/auto-login/validate',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auto-login'],
          body: validateAutoLoginInput,
          response: { 200: validateAutoLoginAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await validateAutoLoginLink(ctx, request.body.token, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          log: request.log,
        })),
      }),
    );
  };
}
