import { formatNairaMillions } from '@trowel/shared/format/money.ts';
import type { ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { FigureGrid, type Figure } from '../../../components/ui/figure-grid.tsx';

/**
 * The headline figures of a report; money in millions of naira with one decimal. The server leaves
 * out what the viewer may not see: clients get the value of their projects instead of internal costs.
 */
export function reportFigures(overview: ReportDto['overview']): Figure[] {
  const money: Figure[] = [];
  if (overview.totalBudget !== null) {
    money.push({ label: 'Total Budget', value: formatNairaMillions(overview.totalBudget) });
  } else if (overview.totalProjectValue !== null) {
    money.push({ label: 'Total Project Value', value: formatNairaMillions(overview.totalProjectValue) });
  }
  if (overview.totalSpent !== null) {
    money.push({ label: 'Total Spent', value: formatNairaMillions(overview.totalSpent) });
  }
  if (overview.budgetUtilisation !== null) {
    money.push({ label: 'Budget Utilisation', value: `${overview.budgetUtilisation}%` });
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
  return <FigureGrid label="Report overview" figures={reportFigures(overview)} className="lg:grid-cols-4" />;
}
