import { useQuery } from '@tanstack/react-query';
import type { RfqListAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getVendorRfqs(vendorId: string, signal?: AbortSignal) {
  return (await api.get<RfqListAnswer>('/rfqs', { vendorId, limit: 20 }, signal)).rfqs;
}

/** The 20 latest RFQs sent to a vendor: which one a link from the vendor list opens. */
export function useVendorRfqs(vendorId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.autoLogin.vendorRfqs(vendorId),
    queryFn: ({ signal }) => getVendorRfqs(vendorId, signal),
    enabled,
  });
}
