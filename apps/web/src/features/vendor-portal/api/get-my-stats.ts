import { useQuery } from '@tanstack/react-query';
import type { VendorOwnStatsAnswer } from '@trowel/shared/procurement/vendor.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The vendor's own figures: RFQs by status, quotes, what they won. */
export function useMyStats() {
  return useQuery({
    queryKey: queryKeys.vendorPortal.stats,
    queryFn: ({ signal }) => api.get<VendorOwnStatsAnswer>('/vendors/my-stats', undefined, signal),
    select: (answer) => answer.stats,
  });
}
