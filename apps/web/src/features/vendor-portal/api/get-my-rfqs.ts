import { useQuery } from '@tanstack/react-query';
import type { VendorRfqFilter, VendorRfqListAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The RFQs sent to the signed-in vendor, newest first, each with their own quote total. */
export function useMyRfqs(filter: VendorRfqFilter, search: string, limit: number) {
  return usePagedList(
    pagedQueryOptions(queryKeys.vendorPortal.rfqs({ filter, search, limit }), ({ page }, signal) =>
      api.get<VendorRfqListAnswer>(
        '/rfqs/vendor/my-rfqs',
        { page, limit, filter, search: search || undefined },
        signal,
      ),
    ),
    (answer) => answer.rfqs,
  );
}

/** The vendor's five most recent RFQs (the dashboard). */
export function useRecentRfqs() {
  return useQuery({
    queryKey: queryKeys.vendorPortal.rfqs({ recent: 5 }),
    queryFn: ({ signal }) =>
      api.get<VendorRfqListAnswer>('/rfqs/vendor/my-rfqs', { page: 1, limit: 5 }, signal),
    select: (answer) => answer.rfqs,
  });
}
