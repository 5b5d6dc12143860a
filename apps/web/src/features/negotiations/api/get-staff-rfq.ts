import { useQuery } from '@tanstack/react-query';
import type { RfqAnswer, RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getStaffRfq(rfqId: string, signal?: AbortSignal): Promise<RfqDto> {
  return (await api.get<RfqAnswer>(`/rfqs/${rfqId}`, undefined, signal)).rfq;
}

/** The RFQ a negotiation is written on, loaded when the form was opened without passed state. */
export function useRfqForNegotiation(rfqId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.negotiations.rfq(rfqId),
    queryFn: ({ signal }) => getStaffRfq(rfqId, signal),
    enabled,
  });
}
