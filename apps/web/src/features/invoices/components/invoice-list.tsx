import {
  INVOICE_STATUSES,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
} from '@trowel/shared/invoices/invoice.machine.ts';
import { INVOICE_MESSAGES } from '@trowel/shared/invoices/invoice.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { useState } from 'react';
import { LinkedRows } from '../../../components/ui/linked-rows.tsx';
import { StatusFilter } from '../../../components/ui/status-filter.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formatDateOnly } from '../../../lib/format-date.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/**
 * The invoices the reader may see (of one purchase order when named), filtered by status, each linking
 * to its match and payments.
 */
export function InvoiceList({ purchaseOrderId }: { purchaseOrderId?: string }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const query = useInvoices({ page, status, ...(purchaseOrderId ? { purchaseOrderId } : {}) });
  return (
    <div className="space-y-4">
      <StatusFilter
        id="invoice-status-filter"
        statuses={INVOICE_STATUSES}
        labels={INVOICE_STATUS_LABELS}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      {query.isPending ? (
        <LoadingState label="Loading invoices..." />
      ) : query.isError ? (
        <QueryErrorState title={INVOICE_MESSAGES.loadFailed} query={query} />
      ) : query.data.invoices.length === 0 ? (
        status ? (
          <EmptyState
            title={`No ${INVOICE_STATUS_LABELS[status].toLowerCase()} invoices`}
            description="Choose another status to see the others."
          />
        ) : (
          <EmptyState
            title={INVOICE_MESSAGES.none}
            description="Invoices are recorded against purchase orders."
          />
        )
      ) : (
        <LinkedRows
          label="Invoices"
          rows={query.data.invoices.map((invoice) => ({
            id: invoice.id,
            to: `/invoices/${invoice.id}`,
            title: invoice.invoiceNumber,
            detail: `${invoice.vendor.name} · ${invoice.purchaseOrder.poNumber}`,
            date: formatDateOnly(invoice.invoiceDate),
            badge: <InvoiceStatusBadge status={invoice.status} />,
            amount: formatNaira(invoice.totalAmount),
          }))}
          page={page}
          totalPages={query.data.pagination.totalPages}
          onPageChange={setPage}
          endText="That is every invoice."
        />
      )}
    </div>
  );
}
