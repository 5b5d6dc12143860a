import { ATTENTION_PROGRESS_THRESHOLD } from '@trowel/shared/projects/project.constants.ts';
import type { DashboardStats } from '@trowel/shared/projects/project.schemas.ts';
import { formatNairaMillions, wholePercent } from '@trowel/shared/format/money.ts';
import type { Figure } from '../../../components/ui/figure-grid.tsx';

/** The dashboard's cards: staff see budget and spending; clients see project value and payments. */
export function dashboardCards(stats: DashboardStats): Figure[] {
  const counts = [
    { label: 'Active Projects', value: String(stats.activeProjectsCount) },
    { label: 'Completed Projects', value: String(stats.completedProjectsCount) },
  ];
  if ('totalProjectValue' in stats) {
    return [
      ...counts,
      { label: 'Total Project Value', value: formatNairaMillions(stats.totalProjectValue) },
      { label: 'Total Amount Paid', value: formatNairaMillions(stats.totalAmountPaid) },
    ];
  }
  return [
    ...counts,
    { label: 'Total Budget', value: formatNairaMillions(stats.totalBudget) },
    { label: 'Total Spent', value: formatNairaMillions(stats.totalSpent) },
    { label: 'Budget Used', value: `${wholePercent(stats.totalSpent, stats.totalBudget)}%` },
    { label: 'Approved Budgets', value: formatNairaMillions(stats.totalApprovedBudgets) },
    { label: 'Budget Utilisation', value: `${stats.approvedBudgetUtilisation}%` },
  ];
}

/** Active projects under 30% progress: shown as behind schedule. */
export function projectsNeedingAttention(stats: DashboardStats) {
  return stats.activeProjects.filter((project) => project.progress < ATTENTION_PROGRESS_THRESHOLD);
}
