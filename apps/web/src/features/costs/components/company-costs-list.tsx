import { COST_FIGURE_LABELS, COST_TEXTS } from '@trowel/shared/costs/cost.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { useState } from 'react';
import { FigureGrid } from '../../../components/ui/figure-grid.tsx';
import { LinkedRows } from '../../../components/ui/linked-rows.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useCompanyCosts } from '../api/get-costs.ts';
import { BudgetBadge } from './category-costs.tsx';
import { costHeadlines } from './cost-headlines.ts';

/** /costs: the totals, then every project a page at a time, each opening its cost screen. */
export function CompanyCostsList() {
  const [page, setPage] = useState(1);
  const query = useCompanyCosts(page);
  if (query.isPending) return <LoadingState label="Loading costs..." />;
  if (query.isError) return <QueryErrorState title={COST_TEXTS.loadFailed} query={query} />;
  const { costs, totals, pagination } = query.data;
  return (
    <div className="space-y-6" aria-busy={query.isPlaceholderData || undefined}>
      <FigureGrid
        label="Company cost figures"
        figures={costHeadlines(totals)}
        fullAmounts
        className="lg:grid-cols-4"
      />
      <p className="text-xs text-slate-600">
        {COST_TEXTS.approvedExplained} {COST_TEXTS.actualExplained}
      </p>
      {costs.length === 0 ? (
        <EmptyState title="No projects yet" description="Projects and what they cost will show here." />
      ) : (
        <LinkedRows
          label="Projects' costs"
          rows={costs.map((row) => ({
            id: row.projectId,
            to: `/projects/${encodeURIComponent(row.projectId)}/costs`,
            title: row.projectTitle,
            detail: `${COST_FIGURE_LABELS.approvedBudget} ${formatNaira(row.approvedBudget)} · ${COST_FIGURE_LABELS.committed} ${formatNaira(row.committed)}`,
            date: `${COST_FIGURE_LABELS.actual} ${formatNaira(row.actual)}`,
            badge: <BudgetBadge overBudget={row.overBudget} />,
            amount: `${COST_FIGURE_LABELS.variance} ${formatNaira(row.variance)}`,
          }))}
          page={page}
          totalPages={pagination.totalPages}
          onPageChange={setPage}
          endText="That is every project."
        />
      )}
    </div>
  );
}
