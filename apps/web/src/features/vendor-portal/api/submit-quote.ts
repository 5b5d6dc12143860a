import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorResponseAnswer, VendorResponseValues } from '@trowel/shared/procurement/rfq.schemas.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/** A quote as the shared schema reads it, the RFQ it answers and its files. */
type QuoteUpload = VendorResponseValues & { rfqId: string; attachments: File[] };

/** POST /rfqs/{id}/responses as multipart: items as JSON text, files under 'attachments'. */
export function submitQuote(quote: QuoteUpload, onProgress: (fraction: number) => void) {
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
    mutationFn: (quote: QuoteUpload) => submitQuote(quote, onProgress),
    onSuccess: () => invalidateAll(queryClient, staleAfter.vendorPortal()),
  });
}
