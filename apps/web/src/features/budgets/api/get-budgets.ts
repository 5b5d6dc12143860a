import type { BudgetStatus } from '@trowel/shared/budgets/budget.machine.ts';
import type { BudgetListAnswer } from '@trowel/shared/budgets/budget.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const BUDGET_PAGE_SIZE = 10;

export interface BudgetFilters {
  projectId: string | null;
  status: BudgetStatus | null;
}

/** A page of budgets: one project's (GET /budgets/project/{id}) or every project's the user sees. */
export function getBudgets(filters: BudgetFilters, limit: number, { page }: PageParam, signal?: AbortSignal) {
  const query = { page, limit, status: filters.status ?? undefined };
  return filters.projectId
    ? api.get<BudgetListAnswer>(`/budgets/project/${encodeURIComponent(filters.projectId)}`, query, signal)
    : api.get<BudgetListAnswer>('/budgets', query, signal);
}

/** Budgets newest first, page by page. */
export function useBudgets(filters: BudgetFilters, limit = BUDGET_PAGE_SIZE) {
  return usePagedList(
    pagedQueryOptions(queryKeys.budgets.list(filters, limit), (param, signal) =>
      getBudgets(filters, limit, param, signal),
    ),
    (answer) => answer.budgets,
  );
}
