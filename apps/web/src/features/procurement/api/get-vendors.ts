import { useQuery } from '@tanstack/react-query';
import type { VendorListAnswer, VendorStatsAnswer } from '@trowel/shared/procurement/vendor.schemas.ts';
import type { VendorCategory, VendorState } from '@trowel/shared/procurement/vendor.constants.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface VendorFilters {
  search: string;
  category: VendorCategory | '';
  state: VendorState | '';
}

/** The vendor list, a page at a time, by company name. */
export function useVendors(filters: VendorFilters, limit: number) {
  return usePagedList(
    pagedQueryOptions(queryKeys.procurement.vendors({ ...filters, limit }), ({ page }, signal) =>
      api.get<VendorListAnswer>(
        '/vendors',
        {
          page,
          limit,
          search: filters.search || undefined,
          category: filters.category || undefined,
          state: filters.state || undefined,
        },
        signal,
      ),
    ),
    (answer) => answer.vendors,
  );
}

/** Active vendors to send an RFQ to, by name: the first hundred, or those matching a search. */
export function useActiveVendors(search: string) {
  return useQuery({
    queryKey: [...queryKeys.procurement.activeVendors, search],
    queryFn: ({ signal }) =>
      api.get<VendorListAnswer>(
        '/vendors',
        { status: 'active', limit: 100, search: search || undefined },
        signal,
      ),
    select: (answer) => answer.vendors,
    placeholderData: (previous) => previous,
  });
}

export function useVendorStats() {
  return useQuery({
    queryKey: [...queryKeys.procurement.all, 'vendor-stats'],
    queryFn: ({ signal }) => api.get<VendorStatsAnswer>('/vendors/stats', undefined, signal),
    select: (answer) => answer.stats,
  });
}
