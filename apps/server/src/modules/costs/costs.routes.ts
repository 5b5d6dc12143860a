import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyCostsAnswer, listCostsQuery, projectCostsAnswer } from '@trowel/shared/costs/cost.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, sendKept } from '../../http/responses.ts';
import { companyCosts, costsProject, projectCosts, projectCostsCsv } from './costs.service.ts';

/** Budget against actual: a project's costs, its CSV, and the company's view. */
export function costsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const projectAccess = {
      access: 'costs:read' as const,
      authorize: (actor: Parameters<typeof costsProject>[1], params: Record<string, string>) =>
        costsProject(ctx, actor, params.id!),
    };

    app.get(
      '/projects/:id/costs',
      {
        config: projectAccess,
        schema: { tags: ['costs'], params: idParams, response: { 200: projectCostsAnswer } },
      },
      async (request, reply) =>
        sendKept(reply, ctx.costAnswers, `project:${request.params.id}`, projectCostsAnswer, async () => ({
          costs: await projectCosts(ctx, actorOf(request), request.params.id),
        })),
    );

    app.get(
      '/projects/:id/costs/export',
      { config: projectAccess, schema: { tags: ['costs'], params: idParams } },
      async (request, reply) => {
        const { filename, csv } = await projectCostsCsv(ctx, actorOf(request), request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(csv);
      },
    );

    app.get(
      '/costs',
      {
        config: { access: 'costs:read-company' },
        schema: { tags: ['costs'], querystring: listCostsQuery, response: { 200: companyCostsAnswer } },
      },
      async (request, reply) =>
        sendKept(
          reply,
          ctx.costAnswers,
          `company:${request.query.page}:${request.query.limit}`,
          companyCostsAnswer,
          () => companyCosts(ctx, request.query),
        ),
    );
  };
}
