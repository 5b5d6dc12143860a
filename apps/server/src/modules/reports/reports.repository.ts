import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { ReportQuery } from '@trowel/shared/reports/report.schemas.ts';
import type { Db } from '../../db/client.ts';
import { paymentTotalsOf, projectPaymentColumns, projectPaymentSums } from '../../db/project-payments.ts';
import { projects, users } from '../../db/schema.ts';
import { visibleTo } from '../../db/visibility.ts';

const TIMEFRAME_DAYS = { year: 365, quarter: 91, month: 30 } as const;

/** Projects in the report: visible to the actor, of the category, started within the timeframe. */
function reportFilter(actor: Actor, query: ReportQuery): SQL | undefined {
  return and(
    visibleTo(actor),
    query.category === 'all' ? undefined : eq(projects.category, query.category),
    query.timeframe === 'all'
      ? undefined
      : sql`${projects.startDate} >= current_date - ${TIMEFRAME_DAYS[query.timeframe]}::int`,
  );
}

const lead = alias(users, 'lead');
const client = alias(users, 'client');

/** Report figures computed in SQL, never by loading projects into memory. */
export function reportsRepository(db: Db) {
  return {
    async summary(actor: Actor, query: ReportQuery) {
      const where = reportFilter(actor, query);
      const [byStatus, byCategory] = await Promise.all([
        db
          .select({
            status: projects.status,
            count: sql<number>`count(*)::int`,
            budget: sql<string>`coalesce(sum(${projects.budget}), 0)`,
            spent: sql<string>`coalesce(sum(${projects.spent}), 0)`,
            progress: sql<string>`coalesce(sum(${projects.progress}), 0)`,
            ...projectPaymentSums,
          })
          .from(projects)
          .where(where)
          .groupBy(projects.status),
        db
          .select({
            category: projects.category,
            count: sql<number>`count(*)::int`,
            budget: sql<string>`coalesce(sum(${projects.budget}), 0)`,
            spent: sql<string>`coalesce(sum(${projects.spent}), 0)`,
            ...projectPaymentSums,
          })
          .from(projects)
          .where(where)
          .groupBy(projects.category)
          .orderBy(asc(projects.category)),
      ]);
      return {
        byStatus: byStatus.map((row) => ({
          status: row.status,
          count: Number(row.count),
          budget: Number(row.budget),
          spent: Number(row.spent),
          progress: Number(row.progress),
          payments: paymentTotalsOf(row),
        })),
        byCategory: byCategory.map((row) => ({
          category: row.category,
          count: Number(row.count),
          budget: Number(row.budget),
          spent: Number(row.spent),
          payments: paymentTotalsOf(row),
        })),
      };
    },

    /** One batch of export rows after a key, in creation order, with each project's payment totals. */
    async exportBatch(actor: Actor, query: ReportQuery, afterId: string | null, size: number) {
      const rows = await db
        .select({
          id: projects.id,
          title: projects.title,
          category: projects.category,
          status: projects.status,
          location: projects.location,
          startDate: projects.startDate,
          endDate: projects.endDate,
          budget: projects.budget,
          spent: projects.spent,
          progress: projects.progress,
          ...projectPaymentColumns,
          lead: lead.name,
          client: client.name,
        })
        .from(projects)
        .leftJoin(lead, eq(lead.id, projects.projectLeadId))
        .leftJoin(client, eq(client.id, projects.clientId))
        .where(and(reportFilter(actor, query), afterId ? gt(projects.id, afterId) : undefined))
        .orderBy(asc(projects.id))
        .limit(size);
      return rows.map(({ valueKobo, variationsKobo, initialPaymentKobo, paidInstallmentsKobo, ...row }) => ({
        ...row,
        payments: paymentTotalsOf({ valueKobo, variationsKobo, initialPaymentKobo, paidInstallmentsKobo }),
      }));
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
