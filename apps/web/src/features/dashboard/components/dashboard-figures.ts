import { ATTENTION_PROGRESS_THRESHOLD } from '@trowel/shared/projects/project.constants.ts';
import type { DashboardStats } from '@trowel/shared/projects/project.schemas.ts';
import { formatNairaMillions } from '@trowel/shared/money/format.ts';
import { budgetUsedPercent, FIGURE_NAMES, formatRecorded } from '@trowel/shared/reports/money-figures.ts';
import type { Figure } from '../../../components/ui/figure-grid.tsx';

/** A client's total in millions, or that none is recorded yet (never a zero or a budget in its place). */
const recorded = (amount: number | null) => formatRecorded(amount, formatNairaMillions);

/** The dashboard's cards: staff see budget and spending; clients see project value and payments. */
export function dashboardCards(stats: DashboardStats): Figure[] {
  const counts = [
    { label: 'Active Projects', value: String(stats.activeProjectsCount) },
    { label: 'Completed Projects', value: String(stats.completedProjectsCount) },
  ];
  if ('totalProjectValue' in stats) {
    return [
      ...counts,
      { label: FIGURE_NAMES.originalValue, value: recorded(stats.originalProjectValue) },
      { label: FIGURE_NAMES.approvedVariations, value: recorded(stats.approvedVariations) },
      { label: FIGURE_NAMES.totalProjectValue, value: recorded(stats.totalProjectValue) },
      { label: FIGURE_NAMES.totalAmountPaid, value: recorded(stats.totalAmountPaid) },
    ];
  }
  return [
    ...counts,
    { label: FIGURE_NAMES.totalBudget, value: formatNairaMillions(stats.totalBudget) },
    { label: FIGURE_NAMES.totalSpent, value: formatNairaMillions(stats.totalSpent) },
    { label: FIGURE_NAMES.budgetUsed, value: `${budgetUsedPercent(stats.totalSpent, stats.totalBudget)}%` },
    { label: FIGURE_NAMES.approvedBudgets, value: formatNairaMillions(stats.totalApprovedBudgets) },
    { label: FIGURE_NAMES.budgetUtilisation, value: `${stats.approvedBudgetUtilisation}%` },
  ];
}

/** Active projects under 30% progress: shown as behind schedule. */
export function projectsNeedingAttention(stats: DashboardStats) {
  return stats.activeProjects.filter((project) => project.progress < ATTENTION_PROGRESS_THRESHOLD);
}
