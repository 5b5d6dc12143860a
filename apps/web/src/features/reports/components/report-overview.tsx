import { formatNairaMillions } from '@trowel/shared/format/money.ts';
import type { ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { Card } from '../../../components/ui/card.tsx';

/** The headline figures of a report; money in millions of naira with one decimal. */
export function reportFigures(overview: ReportDto['overview']): Array<{ label: string; value: string }> {
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
  return (
    <ul aria-label="Report overview" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {reportFigures(overview).map((figure) => (
        <li key={figure.label}>
          <Card className="h-full p-4">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{figure.label}</p>
            <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{figure.value}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
