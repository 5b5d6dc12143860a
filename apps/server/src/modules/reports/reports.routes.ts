import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROJECT_STATUSES, type ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import { wholePercent } from '@trowel/shared/format/money.ts';
import { reportDto, reportQuery, type ReportQuery } from '@trowel/shared/reports/report.schemas.ts';
import type { AuthUser } from '../../http/access.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { ok } from '../../http/responses.ts';

const EXPORT_BATCH = 500;
const CSV_HEADER = [
  'Title',
  'Category',
  'Status',
  'Location',
  'Start Date',
  'End Date',
  'Budget',
  'Spent',
  'Progress (%)',
  'Project Lead',
  'Client',
];

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

async function buildReport(ctx: AppContext, actor: AuthUser, query: ReportQuery) {
  const { byStatus, byCategory } = await ctx.reports.summary(actor, query);
  const total = (pick: (row: (typeof byStatus)[number]) => number) =>
    byStatus.reduce((sum, row) => sum + pick(row), 0);
  const countOf = (status: ProjectStatus) => byStatus.find((row) => row.status === status)?.count ?? 0;
  const totalProjects = total((row) => row.count);
  const totalBudget = total((row) => row.budget);
  const totalSpent = total((row) => row.spent);
  return {
    timeframe: query.timeframe,
    category: query.category,
    overview: {
      totalProjects,
      activeProjects: countOf('in_progress'),
      completedProjects: countOf('completed'),
      onHoldProjects: countOf('on_hold'),
      totalBudget,
      totalSpent,
      budgetUtilisation: wholePercent(totalSpent, totalBudget),
      averageProgress: totalProjects ? Math.round(total((row) => row.progress) / totalProjects) : 0,
    },
    statusSummary: PROJECT_STATUSES.map((status) => ({
      status,
      count: countOf(status),
      budget: byStatus.find((row) => row.status === status)?.budget ?? 0,
    })),
    categorySummary: byCategory,
  };
}

export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reports',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['reports'], querystring: reportQuery, response: { 200: ok({ report: reportDto }) } },
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
        const actor = actorOf(request);
        async function* rows() {
          yield `${CSV_HEADER.map(csvCell).join(',')}\r\n`;
          let after: string | null = null;
          for (;;) {
            const batch = await ctx.reports.exportBatch(actor, request.query, after, EXPORT_BATCH);
            for (const row of batch) {
              yield `${[row.title, row.category, row.status, row.location, row.startDate, row.endDate, row.budget, row.spent, row.progress, row.lead, row.client].map(csvCell).join(',')}\r\n`;
            }
            if (batch.length < EXPORT_BATCH) return;
            after = batch.at(-1)!.id;
          }
        }
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="trowel-projects-${day}.csv"`)
          .send(Readable.from(rows()));
      },
    );
  };
}
