import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeliveryListAnswer } from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const DELIVERIES_PER_PAGE = 10;

/** GET /purchase-orders/{id}/deliveries: a page, newest first. */
export function useDeliveries(orderId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.purchaseOrders.deliveries(orderId, page),
    queryFn: ({ signal }) =>
      api.get<DeliveryListAnswer>(
        `/purchase-orders/${orderId}/deliveries`,
        { page, limit: DELIVERIES_PER_PAGE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
