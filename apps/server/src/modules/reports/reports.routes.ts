import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportAnswer, reportQuery } from '@trowel/shared/reports/report.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { buildReport, reportCsv } from './reports.service.ts';

export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reports',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['reports'], querystring: reportQuery, response: { 200: reportAnswer } },
      },
      async (request) => ({
        success: true as const,
        report: await buildReport(ctx, actorOf(request), request.query),
      }),
    );

    app.get(
      '/reports/export',
      { config: { access: 'authenticated' }, schema: { tags: ['reports'], querystring: reportQuery } },
      async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="trowel-projects-${day}.csv"`)
          .send(Readable.from(reportCsv(ctx, actorOf(request), request.query)));
      },
    );
  };
}
