import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PurchaseOrderStatus } from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import type { PurchaseOrderListAnswer } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PURCHASE_ORDERS_PER_PAGE = 12;

export interface PurchaseOrderListParams {
  page: number;
  status: PurchaseOrderStatus | '';
}

/** GET /purchase-orders: the orders the reader may see (theirs for a lead or a vendor), newest first. */
export function usePurchaseOrders(params: PurchaseOrderListParams) {
  return useQuery({
    queryKey: queryKeys.purchaseOrders.list(params),
    queryFn: ({ signal }) =>
      api.get<PurchaseOrderListAnswer>(
        '/purchase-orders',
        {
          page: params.page,
          limit: PURCHASE_ORDERS_PER_PAGE,
          ...(params.status ? { status: params.status } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
