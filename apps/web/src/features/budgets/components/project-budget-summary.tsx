import type { ReactNode } from 'react';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useBudgets } from '../api/get-budgets.ts';
import { BudgetStatusBadge } from './budget-status-badge.tsx';

/** How many budget submissions the project detail shows (spec 1 §9). */
export const RECENT_BUDGETS = 3;

interface ProjectBudgetSummaryProps {
  projectId: string;
  /** Approved total over the project budget, whole percent. */
  utilisation: number;
  approvedTotal: number;
  /** May read budgets at all (the list is asked for only then). */
  mayRead: boolean;
  /** 'Manage Budgets' / 'View Budgets' and the financials link, as the route composes them. */
  links: ReactNode;
}

/** The project's Budget tab: the 3 most recent submissions, the utilisation and the links. */
export function ProjectBudgetSummary({
  projectId,
  utilisation,
  approvedTotal,
  mayRead,
  links,
}: ProjectBudgetSummaryProps) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-700">
          Budget utilisation:{' '}
          <span className="font-semibold text-slate-900" aria-label="Budget utilisation">
            {utilisation}%
          </span>{' '}
          <span className="text-slate-500">({formatNaira(approvedTotal)} approved)</span>
        </p>
        <div className="flex flex-wrap gap-2">{links}</div>
      </div>
      {mayRead ? <RecentBudgets projectId={projectId} /> : null}
    </div>
  );
}

function RecentBudgets({ projectId }: { projectId: string }) {
  const { query, items } = useBudgets({ projectId, status: null }, RECENT_BUDGETS);
  if (query.isPending) return <LoadingState label="Loading budgets..." />;
  if (query.isError) return <QueryErrorState title="Failed to refresh budgets" query={query} />;
  if (items.length === 0)
    return (
      <EmptyState
        title="No budget submissions yet"
        description="The latest budget submissions of this project will show here."
      />
    );
  return (
    <ul aria-label="Recent budgets" className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {items.slice(0, RECENT_BUDGETS).map((budget) => (
        <li key={budget.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span className="font-mono text-xs text-slate-500">#{budget.id.slice(0, 8)}</span>
          <span className="font-medium text-slate-900">{formatNaira(budget.totalAmount)}</span>
          <BudgetStatusBadge status={budget.status} />
        </li>
      ))}
    </ul>
  );
}
