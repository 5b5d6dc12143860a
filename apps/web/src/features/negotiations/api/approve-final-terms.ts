import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function approveFinalTerms(rfqId: string, negotiationId: string) {
  return api.post<OkMessage>(`/rfqs/${rfqId}/negotiations/${negotiationId}/approve-final-terms`, {});
}

/** 'Approve Final Terms': the QS takes the terms a vendor accepted to the administrator. */
export function useApproveFinalTerms(rfqId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (negotiationId: string) => approveFinalTerms(rfqId, negotiationId),
    onSuccess: () => invalidateAll(queryClient, staleAfter.negotiation()),
  });
}
