import type { Role } from '@trowel/shared/auth/roles.ts';
import { INVOICE_HISTORY_LABELS } from '@trowel/shared/invoices/invoice.machine.ts';
import { PAYMENT_METHOD_LABELS, type InvoiceDto } from '@trowel/shared/invoices/invoice.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { Link } from 'react-router';
import { FileLinks } from '../../../components/ui/file-links.tsx';
import { StatusHistory } from '../../../components/ui/status-history.tsx';
import { formatDateOnly } from '../../../lib/format-date.ts';
import { InvoiceActions } from './invoice-actions.tsx';
import { InvoiceMatchTable } from './invoice-match-table.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** An invoice: its order and vendor, the three-way match, totals, payments, file, history and actions. */
export function InvoiceDetail({ invoice, role }: { invoice: InvoiceDto; role: Role }) {
  return (
    <article className="space-y-6">
      <header className="space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-xl font-semibold wrap-anywhere">{invoice.invoiceNumber}</span>
          <InvoiceStatusBadge status={invoice.status} />
        </p>
        <p className="text-sm wrap-anywhere text-slate-600">
          {invoice.vendor.name} ·{' '}
          <Link
            className="text-blue-700 underline underline-offset-2"
            to={`/purchase-orders/${invoice.purchaseOrder.id}`}
          >
            {invoice.purchaseOrder.poNumber}
          </Link>
          {invoice.project ? ` · ${invoice.project.title}` : ''} · {formatDateOnly(invoice.invoiceDate)}
        </p>
      </header>
      <InvoiceMatchTable lines={invoice.items} />
      <dl className="ml-auto grid max-w-xs grid-cols-2 gap-1 text-sm tabular-nums">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatNaira(invoice.subtotal)}</dd>
        <dt>VAT</dt>
        <dd className="text-right">{formatNaira(invoice.vatAmount)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatNaira(invoice.totalAmount)}</dd>
        <dt>Paid</dt>
        <dd className="text-right">{formatNaira(invoice.amountPaid)}</dd>
        <dt className="font-semibold">Outstanding</dt>
        <dd className="text-right font-semibold" data-testid="invoice-outstanding">
          {formatNaira(invoice.outstanding)}
        </dd>
      </dl>
      <InvoiceActions invoice={invoice} role={role} />
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">Payments</h2>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-slate-500">No payments yet.</p>
        ) : (
          <ul aria-label="Payments" className="divide-y divide-slate-100 text-sm">
            {invoice.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap justify-between gap-x-3 py-1">
                <span>
                  {formatDateOnly(payment.paidOn)} · {PAYMENT_METHOD_LABELS[payment.method]}
                  {payment.reference ? ` · ${payment.reference}` : ''}
                </span>
                <span className="font-medium tabular-nums">{formatNaira(payment.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {invoice.files.length > 0 ? <FileLinks files={invoice.files} /> : null}
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">History</h2>
        <StatusHistory history={invoice.history} labels={INVOICE_HISTORY_LABELS} />
      </section>
    </article>
  );
}
