import { maySeeMoney, shownMoney } from '@trowel/shared/auth/money-visibility.ts';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import {
  addPaymentTotals,
  paymentFigures,
  type PaymentFigures,
  type PaymentTotalsKobo,
} from '@trowel/shared/financials/payment-figures.ts';
import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectStatus,
} from '@trowel/shared/projects/project.constants.ts';
import { budgetUsedPercent, FIGURE_NAMES, VALUE_NOT_RECORDED } from '@trowel/shared/reports/money-figures.ts';
import type { ReportDto, ReportQuery } from '@trowel/shared/reports/report.schemas.ts';
import { csvLine } from '../../lib/csv.ts';
import type { ModuleContext } from '../../platform.ts';

const EXPORT_BATCH = 500;

/** The payment figures the actor may see of these totals; null while none are recorded. */
function shownPayments(actor: Actor, totals: PaymentTotalsKobo | null): PaymentFigures | null {
  return totals && maySeeMoney(actor, 'project-value') ? paymentFigures(totals) : null;
}

/** Report figures of the projects the actor sees, computed in SQL; money as the shared money rule allows. */
export async function buildReport(ctx: ModuleContext, actor: Actor, query: ReportQuery): Promise<ReportDto> {
  const { byStatus, byCategory } = await ctx.reports.summary(actor, query);
  const total = (pick: (row: (typeof byStatus)[number]) => number) =>
    byStatus.reduce((sum, row) => sum + pick(row), 0);
  const ofStatus = (status: ProjectStatus) => byStatus.find((row) => row.status === status);
  const totalProjects = total((row) => row.count);
  const totalBudget = total((row) => row.budget);
  const totalSpent = total((row) => row.spent);
  const internal = (value: number) => shownMoney(actor, 'internal-cost', value);
  const value = (totals: PaymentTotalsKobo | null) => shownPayments(actor, totals)?.totalProjectValue ?? null;
  const payments = shownPayments(actor, addPaymentTotals(byStatus.map((row) => row.payments)));
  return {
    timeframe: query.timeframe,
    category: query.category,
    overview: {
      totalProjects,
      activeProjects: ofStatus('in_progress')?.count ?? 0,
      completedProjects: ofStatus('completed')?.count ?? 0,
      onHoldProjects: ofStatus('on_hold')?.count ?? 0,
      totalProjectValue: payments?.totalProjectValue ?? null,
      originalProjectValue: payments?.originalValue ?? null,
      approvedVariations: payments?.approvedVariations ?? null,
      totalAmountPaid: payments?.amountPaid ?? null,
      outstandingBalance: payments?.outstandingBalance ?? null,
      totalBudget: internal(totalBudget),
      totalSpent: internal(totalSpent),
      budgetUsed: maySeeMoney(actor, 'internal-cost') ? budgetUsedPercent(totalSpent, totalBudget) : null,
      averageProgress: totalProjects ? Math.round(total((row) => row.progress) / totalProjects) : 0,
    },
    statusSummary: PROJECT_STATUSES.map((status) => {
      const row = ofStatus(status);
      return {
        status,
        count: row?.count ?? 0,
        value: value(row?.payments ?? null),
        budget: internal(row?.budget ?? 0),
      };
    }),
    categorySummary: byCategory.map((row) => ({
      category: row.category,
      count: row.count,
      value: value(row.payments),
      budget: internal(row.budget),
      spent: internal(row.spent),
    })),
  };
}

type ExportRow = Awaited<ReturnType<ModuleContext['reports']['exportBatch']>>[number];

interface ExportColumn {
  header: string;
  cell: (row: ExportRow) => string | number | null;
}

/** The export's columns for this viewer: internal costs and the project's payments to those who see them. */
function exportColumns(actor: Actor): ExportColumn[] {
  const internal: ExportColumn[] = maySeeMoney(actor, 'internal-cost')
    ? [
        { header: 'Budget', cell: (row) => row.budget },
        { header: 'Spent', cell: (row) => row.spent },
      ]
    : [];
  const payment = (pick: (figures: PaymentFigures) => number) => (row: ExportRow) =>
    row.payments ? pick(paymentFigures(row.payments)) : VALUE_NOT_RECORDED;
  const payments: ExportColumn[] = maySeeMoney(actor, 'project-value')
    ? [
        { header: FIGURE_NAMES.originalValue, cell: payment((figures) => figures.originalValue) },
        { header: FIGURE_NAMES.approvedVariations, cell: payment((figures) => figures.approvedVariations) },
        { header: FIGURE_NAMES.projectValue, cell: payment((figures) => figures.totalProjectValue) },
        { header: FIGURE_NAMES.amountPaid, cell: payment((figures) => figures.amountPaid) },
        { header: FIGURE_NAMES.outstandingBalance, cell: payment((figures) => figures.outstandingBalance) },
      ]
    : [];
  return [
    { header: 'Title', cell: (row) => row.title },
    { header: 'Category', cell: (row) => row.category },
    { header: 'Status', cell: (row) => PROJECT_STATUS_LABELS[row.status] },
    { header: 'Location', cell: (row) => row.location },
    { header: 'Start Date', cell: (row) => row.startDate },
    { header: 'End Date', cell: (row) => row.endDate },
    ...internal,
    ...payments,
    { header: 'Progress (%)', cell: (row) => row.progress },
    { header: 'Project Lead', cell: (row) => row.lead },
    { header: 'Client', cell: (row) => row.client },
  ];
}

/** The report's projects as CSV lines, read in batches so no export holds the whole table. */
export async function* reportCsv(ctx: ModuleContext, actor: Actor, query: ReportQuery) {
  const columns = exportColumns(actor);
  yield csvLine(columns.map((column) => column.header));
  let after: string | null = null;
  for (;;) {
    const batch = await ctx.reports.exportBatch(actor, query, after, EXPORT_BATCH);
    for (const row of batch) yield csvLine(columns.map((column) => column.cell(row)));
    if (batch.length < EXPORT_BATCH) return;
    after = batch.at(-1)!.id;
  }
}
