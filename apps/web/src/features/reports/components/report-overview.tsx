import { formatNairaMillions } from '@trowel/shared/format/money.ts';
import type { ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { FigureGrid, type Figure } from '../../../components/ui/figure-grid.tsx';

/** The headline figures of a report; money in millions of naira with one decimal. */
export function reportFigures(overview: ReportDto['overview']): Figure[] {
  return [
    { label: 'Total Projects', value: String(overview.totalProjects) },
    { label: 'Active Projects', value: String(overview.activeProjects) },
    { label: 'Completed Projects', value: String(overview.completedProjects) },
    { label: 'On Hold', value: String(overview.onHoldProjects) },
    { label: 'Total Budget', value: formatNairaMillions(overview.totalBudget) },
    { label: 'Total Spent', value: formatNairaMillions(overview.totalSpent) },
    { label: 'Budget Utilisation', value: `${overview.budgetUtilisation}%` },
    { label: 'Average Progress', value: `${overview.averageProgress}%` },
  ];
}

export function ReportOverview({ overview }: { overview: ReportDto['overview'] }) {
  return <FigureGrid label="Report overview" figures={reportFigures(overview)} className="lg:grid-cols-4" />;
}
