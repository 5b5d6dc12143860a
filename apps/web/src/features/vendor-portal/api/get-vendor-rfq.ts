import { useQuery } from '@tanstack/react-query';
import type { VendorRfqAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One RFQ as the vendor sees it: their own quote only. */
export function useVendorRfq(rfqId: string) {
  return useQuery({
    queryKey: queryKeys.vendorPortal.rfq(rfqId),
    queryFn: ({ signal }) => api.get<VendorRfqAnswer>(`/rfqs/${rfqId}`, undefined, signal),
    select: (answer) => answer.rfq,
  });
}
