import { useQuery } from '@tanstack/react-query';
import type { NegotiationAnswer, NegotiationDto } from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getNegotiation(rfqId: string, negotiationId: string, signal?: AbortSignal) {
  return (await api.get<NegotiationAnswer>(`/rfqs/${rfqId}/negotiations/${negotiationId}`, undefined, signal))
    .negotiation;
}

/** One negotiation by its ids; `passed` (from the screen that opened the form) stands in until it loads. */
export function useNegotiation(rfqId: string, negotiationId: string, passed?: NegotiationDto) {
  return useQuery({
    queryKey: queryKeys.negotiations.detail(rfqId, negotiationId),
    queryFn: ({ signal }) => getNegotiation(rfqId, negotiationId, signal),
    ...(passed && passed.id === negotiationId ? { initialData: passed } : {}),
  });
}
