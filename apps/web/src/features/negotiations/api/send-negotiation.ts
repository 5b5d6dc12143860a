import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NegotiateInput,
  NegotiationMessageAnswer,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function sendNegotiation(rfqId: string, input: NegotiateInput) {
  return api.post<NegotiationMessageAnswer>(`/rfqs/${rfqId}/negotiate`, input);
}

/** Sends a vendor new prices (or a counter negotiation answering their counter offer). */
export function useSendNegotiation(rfqId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NegotiateInput) => sendNegotiation(rfqId, input),
    onSuccess: () => invalidateAll(queryClient, staleAfter.negotiation()),
  });
}
