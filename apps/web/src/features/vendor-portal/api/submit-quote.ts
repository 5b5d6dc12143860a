import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorResponseAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export interface QuoteSubmission {
  rfqId: string;
  items: Array<{ itemId: string; unitPrice: number; totalPrice: number; notes: string }>;
  totalAmount: number;
  notes: string;
  attachments: File[];
}

/** POST /rfqs/{id}/responses as multipart: items as JSON text, files under 'attachments'. */
export function submitQuote(quote: QuoteSubmission, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.set('items', JSON.stringify(quote.items));
  form.set('totalAmount', String(quote.totalAmount));
  form.set('notes', quote.notes);
  for (const file of quote.attachments) form.append('attachments', file);
  return uploadWithProgress<VendorResponseAnswer>(`/rfqs/${quote.rfqId}/responses`, form, { onProgress });
}

export function useSubmitQuote(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quote: QuoteSubmission) => submitQuote(quote, onProgress),
    onSuccess: () => invalidateAll(queryClient, staleAfter.vendorPortal()),
  });
}
