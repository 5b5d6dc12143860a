import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePaymentInput,
  InvoiceAnswer,
  PaymentAnswer,
} from '@trowel/shared/invoices/invoice.schemas.ts';
import { useIdempotentSend } from '../../../hooks/use-idempotent-send.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/** POST /invoices/{id}/approve or /reject, with the remarks kept in its history. */
export function useDecideInvoice(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, remarks }: { action: 'approve' | 'reject'; remarks: string }) =>
      api.post<InvoiceAnswer>(`/invoices/${invoiceId}/${action}`, { remarks: remarks || null }),
    onSuccess: () => invalidateAll(queryClient, staleAfter.invoice()),
  });
}

/** POST /invoices/{id}/payments, under an Idempotency-Key so a retry never pays twice. */
export function useRecordPayment(invoiceId: string) {
  const queryClient = useQueryClient();
  const send = useIdempotentSend((input: CreatePaymentInput, headers: Record<string, string>) =>
    api.post<PaymentAnswer>(`/invoices/${invoiceId}/payments`, input, headers),
  );
  return useMutation({
    mutationFn: send,
    onSuccess: () => invalidateAll(queryClient, staleAfter.invoice()),
  });
}
