import { useQuery } from '@tanstack/react-query';
import type { RfqListAnswer, RfqStatsAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import type { RfqStatus } from '@trowel/shared/procurement/rfq.machine.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface RfqFilters {
  search: string;
  status: RfqStatus | '';
  projectId: string;
  vendorId: string;
}

/** The staff's RFQs, newest first, a page at a time. */
export function useRfqs(filters: RfqFilters, limit: number) {
  return usePagedList(
    pagedQueryOptions(queryKeys.procurement.rfqs({ ...filters, limit }), ({ page }, signal) =>
      api.get<RfqListAnswer>(
        '/rfqs',
        {
          page,
          limit,
          search: filters.search || undefined,
          status: filters.status || undefined,
          projectId: filters.projectId || undefined,
          vendorId: filters.vendorId || undefined,
        },
        signal,
      ),
    ),
    (answer) => answer.rfqs,
  );
}

export function useRfqStats() {
  return useQuery({
    queryKey: queryKeys.procurement.rfqStats,
    queryFn: ({ signal }) => api.get<RfqStatsAnswer>('/rfqs/stats', undefined, signal),
    select: (answer) => answer.stats,
  });
}
