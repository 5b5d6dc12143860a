import { useQuery } from '@tanstack/react-query';
import type { InvoiceAnswer } from '@trowel/shared/invoices/invoice.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /invoices/{id}: the invoice with its three-way match, payments, file and history. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: queryKeys.invoices.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<InvoiceAnswer>(`/invoices/${id}`, undefined, signal)).invoice,
  });
}
