import { formatNaira } from '@trowel/shared/money/format.ts';
import type { VendorRfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Award, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

/**
 * How an RFQ ended for this vendor, at the top of their RFQ: awarded to them (with their purchase
 * order at the agreed prices), or not selected (their quote kept below for their records).
 */
export function RfqOutcomeNotice({ rfq }: { rfq: VendorRfqDto }) {
  if (rfq.status === 'approved' && rfq.purchaseOrder?.status === 'cancelled') {
    const order = rfq.purchaseOrder;
    return (
      <section
        aria-label="Purchase order cancelled"
        className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          <p className="font-semibold">The purchase order was cancelled</p>
          <p className="wrap-anywhere">
            This RFQ was awarded to you, but purchase order {order.poNumber} for{' '}
            <span className="font-semibold tabular-nums">{formatNaira(order.totalAmount)}</span> has since
            been cancelled. Nothing is to be delivered against it.
          </p>
        </div>
        <Button asChild variant="outline" className="shrink-0">
          <Link to={`/purchase-orders/${order.id}`}>
            <FileText aria-hidden="true" />
            View Purchase Order
          </Link>
        </Button>
      </section>
    );
  }
  if (rfq.status === 'approved' && rfq.purchaseOrder) {
    const order = rfq.purchaseOrder;
    return (
      <section
        aria-label="Awarded to you"
        className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-950 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex min-w-0 gap-3">
          <Award aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <div className="min-w-0">
            <p className="font-semibold">This RFQ was awarded to you</p>
            <p className="wrap-anywhere">
              Purchase order {order.poNumber} for{' '}
              <span className="font-semibold tabular-nums">{formatNaira(order.totalAmount)}</span>
              {order.negotiationId ? ', at the negotiated prices' : ', at your quoted prices'}.
            </p>
          </div>
        </div>
        <Button asChild className="shrink-0">
          <Link to={`/purchase-orders/${order.id}`}>
            <FileText aria-hidden="true" />
            View Purchase Order
          </Link>
        </Button>
      </section>
    );
  }
  if (rfq.status === 'not_selected') {
    return (
      <section
        aria-label="Not selected"
        className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
      >
        <p className="font-semibold">Not selected</p>
        <p>
          Another quotation was selected for this RFQ.
          {rfq.response ? ' Your quotation stays below for your records. Thank you for quoting.' : ''}
        </p>
      </section>
    );
  }
  return null;
}
