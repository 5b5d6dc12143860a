import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { financialsAnswer, financialsInput } from '@trowel/shared/financials/financials.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams } from '../../http/responses.ts';
import {
  getFinancials,
  mayManageFinancials,
  mayReadFinancials,
  saveFinancials,
} from './financials.service.ts';

/** A project's financials: what the client pays (value, initial payment, installments). */
export function financialsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/financials',
      {
        config: {
          access: 'authenticated',
          authorize: (actor, params) => mayReadFinancials(ctx, actor, params.id!),
        },
        schema: { tags: ['financials'], params: idParams, response: { 200: financialsAnswer } },
      },
      async (request) => ({
        success: true as const,
        financials: await getFinancials(ctx, actorOf(request), request.params.id),
      }),
    );

    app.put(
      '/projects/:id/financials',
      {
        config: {
          access: 'financials:manage',
          authorize: (actor, params) => mayManageFinancials(ctx, actor, params.id!),
        },
        schema: {
          tags: ['financials'],
          params: idParams,
          body: financialsInput,
          response: { 200: financialsAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        financials: await saveFinancials(ctx, actorOf(request), request.params.id, request.body),
      }),
    );
  };
}
