import type { ChangeOrderListAnswer } from '@trowel/shared/change-orders/change-order.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const CHANGE_ORDER_PAGE_SIZE = 10;

export function getChangeOrders(projectId: string, { page }: PageParam, signal?: AbortSignal) {
  return api.get<ChangeOrderListAnswer>(
    `/projects/${encodeURIComponent(projectId)}/change-orders`,
    { page, limit: CHANGE_ORDER_PAGE_SIZE },
    signal,
  );
}

/**
 * A project's change orders the person may see, newest first (a client those sent to them), and for
 * those who may draft whether the project's contract value is recorded (null until known).
 */
export function useChangeOrders(projectId: string) {
  const list = usePagedList(
    pagedQueryOptions(queryKeys.changeOrders.list(projectId, CHANGE_ORDER_PAGE_SIZE), (param, signal) =>
      getChangeOrders(projectId, param, signal),
    ),
    (answer) => answer.changeOrders,
  );
  // The pages are this query's answers (the list keeps them untyped).
  const first = list.query.data?.pages[0] as ChangeOrderListAnswer | undefined;
  return { ...list, contractValueRecorded: first?.contractValueRecorded ?? null };
}
