import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@trowel/shared/invoices/invoice.machine.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES = {
  recorded: 'neutral',
  matched: 'blue',
  disputed: 'amber',
  approved: 'green',
  paid: 'green',
  rejected: 'red',
} as const satisfies Record<InvoiceStatus, string>;

/** Where an invoice stands, as a coloured badge. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge tone={TONES[status]} data-testid="invoice-status">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
