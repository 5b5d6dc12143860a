import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseOrderAnswer } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/** POST /purchase-orders/{id}/cancel (the administrator, while nothing was received). */
export function useCancelPurchaseOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remarks: string) =>
      api.post<PurchaseOrderAnswer>(`/purchase-orders/${orderId}/cancel`, { remarks: remarks || null }),
    onSuccess: () => invalidateAll(queryClient, staleAfter.purchaseOrder()),
  });
}
