import { useQuery } from '@tanstack/react-query';
import type { PurchaseOrderAnswer } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { api, apiFile } from '../../../lib/api-client.ts';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getPurchaseOrder(id: string, signal?: AbortSignal) {
  return (await api.get<PurchaseOrderAnswer>(`/purchase-orders/${id}`, undefined, signal)).purchaseOrder;
}

export function usePurchaseOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.purchaseOrders.detail(id),
    queryFn: ({ signal }) => getPurchaseOrder(id, signal),
  });
}

/** Downloads the order's PDF (with the bearer header) and saves it under the server's file name. */
export async function downloadPurchaseOrderPdf(id: string, fallbackName: string) {
  const { blob, headers } = await apiFile(`/purchase-orders/${id}/pdf`);
  saveBlob(blob, fileNameFromDisposition(headers.get('content-disposition')) ?? fallbackName);
}
