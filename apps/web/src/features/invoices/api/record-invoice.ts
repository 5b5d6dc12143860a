import type {
  CreateInvoiceValues,
  InvoiceAnswer,
  InvoiceDto,
} from '@trowel/shared/invoices/invoice.schemas.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';

/** An invoice as the shared schema reads it, the order it bills, and its file. */
export type NewInvoice = CreateInvoiceValues & { orderId: string; files: File[] };

/** POST /purchase-orders/{id}/invoices (multipart: items as JSON text, the file in `files`). */
export async function recordInvoice(invoice: NewInvoice, transport: UploadTransport): Promise<InvoiceDto> {
  const form = new FormData();
  form.append('invoiceNumber', invoice.invoiceNumber);
  form.append('invoiceDate', invoice.invoiceDate);
  form.append('items', JSON.stringify(invoice.items));
  form.append('vatAmount', String(invoice.vatAmount));
  for (const file of invoice.files) form.append('files', file);
  const answer = await uploadWithProgress<InvoiceAnswer>(
    `/purchase-orders/${invoice.orderId}/invoices`,
    form,
    transport,
  );
  return answer.invoice;
}
