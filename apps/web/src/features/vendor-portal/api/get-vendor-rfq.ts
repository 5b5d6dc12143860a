import { useQuery } from '@tanstack/react-query';
import type { VendorRfqAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import { msUntilBidsCloseCheck } from '@trowel/shared/procurement/sealed-bids.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * One RFQ as the vendor sees it: their own quote only. A sealed RFQ's page left open is asked for again
 * when its bids close, so that it says so and stops offering a bid without a reload.
 */
export function useVendorRfq(rfqId: string) {
  return useQuery({
    queryKey: queryKeys.vendorPortal.rfq(rfqId),
    queryFn: ({ signal }) => api.get<VendorRfqAnswer>(`/rfqs/${rfqId}`, undefined, signal),
    select: (answer) => answer.rfq,
    refetchInterval: (query) => {
      const rfq = query.state.data?.rfq;
      return (rfq && msUntilBidsCloseCheck(rfq)) ?? false;
    },
  });
}
