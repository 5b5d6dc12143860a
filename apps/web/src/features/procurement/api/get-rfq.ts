import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ComparisonAnswer,
  ComparisonQuery,
  RfqAnswer,
  RfqStatusInput,
} from '@trowel/shared/procurement/rfq.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../../lib/query-keys.ts';

/** One RFQ as the staff see it: vendors, every quote, files and history. */
export function useRfq(rfqId: string) {
  return useQuery({
    queryKey: queryKeys.procurement.rfq(rfqId),
    queryFn: ({ signal }) => api.get<RfqAnswer>(`/rfqs/${rfqId}`, undefined, signal),
    select: (answer) => answer.rfq,
  });
}

/** The server's comparison of the quotes, so the table and the CSV agree. */
export function useComparison(rfqId: string, sort: ComparisonQuery, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.procurement.comparison(rfqId, sort),
    queryFn: ({ signal }) => api.get<ComparisonAnswer>(`/rfqs/${rfqId}/comparison`, { ...sort }, signal),
    select: (answer) => answer.comparison,
    enabled,
  });
}

/** PUT /rfqs/{id}/status: one step of the workflow. */
export function useChangeRfqStatus(rfqId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RfqStatusInput) => api.put<RfqAnswer>(`/rfqs/${rfqId}/status`, input),
    onSuccess: () => invalidateAll(queryClient, staleAfter.procurement()),
  });
}

/** POST /rfqs/{id}/open: one person's confirmation of the opening of sealed bids. */
export function useConfirmBidOpening(rfqId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RfqAnswer>(`/rfqs/${rfqId}/open`, {}),
    onSuccess: () => invalidateAll(queryClient, staleAfter.procurement()),
  });
}
