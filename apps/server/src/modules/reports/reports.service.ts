import { maySeeMoney, shownMoney } from '@trowel/shared/auth/money-visibility.ts';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import { wholePercent } from '@trowel/shared/format/money.ts';
import { PROJECT_STATUSES, type ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import type { ReportDto, ReportQuery } from '@trowel/shared/reports/report.schemas.ts';
import type { AppContext } from '../../context.ts';

const EXPORT_BATCH = 500;

/** Report figures of the projects the actor sees, computed in SQL; money as the shared money rule allows. */
export async function buildReport(ctx: AppContext, actor: Actor, query: ReportQuery): Promise<ReportDto> {
  const { byStatus, byCategory } = await ctx.reports.summary(actor, query);
  const total = (pick: (row: (typeof byStatus)[number]) => number) =>
    byStatus.reduce((sum, row) => sum + pick(row), 0);
  const ofStatus = (status: ProjectStatus) => byStatus.find((row) => row.status === status);
  const totalProjects = total((row) => row.count);
  const totalBudget = total((row) => row.budget);
  const totalSpent = total((row) => row.spent);
  const internal = (value: number) => shownMoney(actor, 'internal-cost', value);
  const value = (amount: number) => shownMoney(actor, 'project-value', amount);
  return {
    timeframe: query.timeframe,
    category: query.category,
    overview: {
      totalProjects,
      activeProjects: ofStatus('in_progress')?.count ?? 0,
      completedProjects: ofStatus('completed')?.count ?? 0,
      onHoldProjects: ofStatus('on_hold')?.count ?? 0,
      totalProjectValue: value(totalBudget),
      totalBudget: internal(totalBudget),
      totalSpent: internal(totalSpent),
      budgetUtilisation: maySeeMoney(actor, 'internal-cost') ? wholePercent(totalSpent, totalBudget) : null,
      averageProgress: totalProjects ? Math.round(total((row) => row.progress) / totalProjects) : 0,
    },
    statusSummary: PROJECT_STATUSES.map((status) => {
      const budget = ofStatus(status)?.budget ?? 0;
      return { status, count: ofStatus(status)?.count ?? 0, value: value(budget), budget: internal(budget) };
    }),
    categorySummary: byCategory.map((row) => ({
      category: row.category,
      count: row.count,
      value: value(row.budget),
      budget: internal(row.budget),
      spent: internal(row.spent),
    })),
  };
}

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

type ExportRow = Awaited<ReturnType<AppContext['reports']['exportBatch']>>[number];

interface ExportColumn {
  header: string;
  cell: (row: ExportRow) => string | number | null;
}

/** The export's columns for this viewer: internal costs only for those who may see them. */
function exportColumns(actor: Actor): ExportColumn[] {
  const money: ExportColumn[] = maySeeMoney(actor, 'internal-cost')
    ? [
        { header: 'Budget', cell: (row) => row.budget },
        { header: 'Spent', cell: (row) => row.spent },
      ]
    : maySeeMoney(actor, 'project-value')
      ? [{ header: 'Project Value', cell: (row) => row.budget }]
      : [];
  return [
    { header: 'Title', cell: (row) => row.title },
    { header: 'Category', cell: (row) => row.category },
    { header: 'Status', cell: (row) => row.status },
    { header: 'Location', cell: (row) => row.location },
    { header: 'Start Date', cell: (row) => row.startDate },
    { header: 'End Date', cell: (row) => row.endDate },
    ...money,
    { header: 'Progress (%)', cell: (row) => row.progress },
    { header: 'Project Lead', cell: (row) => row.lead },
    { header: 'Client', cell: (row) => row.client },
  ];
}

/** The report's projects as CSV lines, read in batches so no export holds the whole table. */
export async function* reportCsv(ctx: AppContext, actor: Actor, query: ReportQuery) {
  const columns = exportColumns(actor);
  yield `${columns.map((column) => csvCell(column.header)).join(',')}\r\n`;
  let after: string | null = null;
  for (;;) {
    const batch = await ctx.reports.exportBatch(actor, query, after, EXPORT_BATCH);
    for (const row of batch) yield `${columns.map((column) => csvCell(column.cell(row))).join(',')}\r\n`;
    if (batch.length < EXPORT_BATCH) return;
    after = batch.at(-1)!.id;
  }
}
