import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CounterOfferInput,
  NegotiationMessageAnswer,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export type NegotiationAnswerInput =
  | { action: 'accept' }
  | { action: 'reject'; reason: string }
  | { action: 'counter'; input: CounterOfferInput };

export function answerNegotiation(rfqId: string, negotiationId: string, answer: NegotiationAnswerInput) {
  const path = `/rfqs/${rfqId}/negotiations/${negotiationId}/${answer.action}`;
  if (answer.action === 'accept') return api.post<NegotiationMessageAnswer>(path, {});
  if (answer.action === 'reject') return api.post<NegotiationMessageAnswer>(path, { reason: answer.reason });
  return api.post<NegotiationMessageAnswer>(path, answer.input);
}

/** The vendor's answer to a negotiation addressed to them: accept, reject or counter. */
export function useAnswerNegotiation(rfqId: string, negotiationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: NegotiationAnswerInput) => answerNegotiation(rfqId, negotiationId, answer),
    onSuccess: () => invalidateAll(queryClient, staleAfter.negotiation()),
  });
}
