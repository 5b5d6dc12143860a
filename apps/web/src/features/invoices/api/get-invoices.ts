import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceStatus } from '@trowel/shared/invoices/invoice.machine.ts';
import type { InvoiceListAnswer } from '@trowel/shared/invoices/invoice.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const INVOICES_PER_PAGE = 12;

export interface InvoiceListParams {
  page: number;
  status: InvoiceStatus | '';
  /** One order's invoices only. */
  purchaseOrderId?: string;
}

/** GET /invoices: the invoices the reader may see (a vendor's own), newest first. */
export function useInvoices(params: InvoiceListParams) {
  return useQuery({
    queryKey: queryKeys.invoices.list(params),
    queryFn: ({ signal }) =>
      api.get<InvoiceListAnswer>(
        '/invoices',
        {
          page: params.page,
          limit: INVOICES_PER_PAGE,
          ...(params.status ? { status: params.status } : {}),
          ...(params.purchaseOrderId ? { purchaseOrderId: params.purchaseOrderId } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
