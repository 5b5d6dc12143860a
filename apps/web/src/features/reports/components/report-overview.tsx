import { maySeeMoney } from '@trowel/shared/auth/money-visibility.ts';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import { formatNairaMillions } from '@trowel/shared/money/format.ts';
import { FIGURE_NAMES, formatRecorded } from '@trowel/shared/reports/money-figures.ts';
import type { ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { FigureGrid, type Figure } from '../../../components/ui/figure-grid.tsx';
import { useCurrentUser } from '../../../lib/session.ts';

const millions = (amount: number | null) => formatRecorded(amount, formatNairaMillions);

/**
 * The headline figures of a report; money in millions of naira with one decimal. Staff see internal
 * costs; those who read financials (and clients) the recorded value, amount paid and outstanding
 * balance, or 'Not recorded yet' while none of the projects has financials (null for them then).
 */
export function reportFigures(overview: ReportDto['overview'], viewer: Pick<Actor, 'role'>): Figure[] {
  const money: Figure[] = [];
  // Internal costs are null only for those who may not see them.
  if (overview.totalBudget !== null) {
    money.push({ label: FIGURE_NAMES.totalBudget, value: formatNairaMillions(overview.totalBudget) });
  }
  if (overview.totalSpent !== null) {
    money.push({ label: FIGURE_NAMES.totalSpent, value: formatNairaMillions(overview.totalSpent) });
  }
  if (overview.budgetUsed !== null) {
    money.push({ label: FIGURE_NAMES.budgetUsed, value: `${overview.budgetUsed}%` });
  }
  if (maySeeMoney(viewer, 'project-value')) {
    money.push(
      { label: FIGURE_NAMES.originalValue, value: millions(overview.originalProjectValue) },
      { label: FIGURE_NAMES.approvedVariations, value: millions(overview.approvedVariations) },
      { label: FIGURE_NAMES.totalProjectValue, value: millions(overview.totalProjectValue) },
      { label: FIGURE_NAMES.totalAmountPaid, value: millions(overview.totalAmountPaid) },
      { label: FIGURE_NAMES.outstandingBalance, value: millions(overview.outstandingBalance) },
    );
  }
  return [
    { label: 'Total Projects', value: String(overview.totalProjects) },
    { label: 'Active Projects', value: String(overview.activeProjects) },
    { label: 'Completed Projects', value: String(overview.completedProjects) },
    { label: 'On Hold', value: String(overview.onHoldProjects) },
    ...money,
    { label: 'Average Progress', value: `${overview.averageProgress}%` },
  ];
}

export function ReportOverview({ overview }: { overview: ReportDto['overview'] }) {
  const viewer = useCurrentUser();
  return (
    <FigureGrid
      label="Report overview"
      figures={reportFigures(overview, viewer)}
      className="lg:grid-cols-4"
    />
  );
}
