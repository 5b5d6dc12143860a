import { formatNaira } from '@trowel/shared/money/format.ts';
import type { VendorRfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Award, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * How an RFQ ended for this vendor, at the top of their RFQ: awarded to them (with their purchase
 * order at the agreed prices, or the word that the order was since cancelled), or not selected (their
 * quote kept below for their records).
 */
export function RfqOutcomeNotice({ rfq }: { rfq: VendorRfqDto }) {
  if (rfq.status === 'approved' && rfq.purchaseOrder) {
    const order = rfq.purchaseOrder;
    const cancelled = order.status === 'cancelled';
    const amount = <span className="font-semibold tabular-nums">{formatNaira(order.totalAmount)}</span>;
    return (
      <section
        aria-label={cancelled ? 'Purchase order cancelled' : 'Awarded to you'}
        className={cn(
          'flex flex-col gap-3 rounded-lg border p-4 text-sm sm:flex-row sm:items-center sm:justify-between',
          cancelled
            ? 'border-amber-300 bg-amber-50 text-amber-950'
            : 'border-green-200 bg-green-50 text-green-950',
        )}
      >
        <div className="flex min-w-0 gap-3">
          <Award
            aria-hidden="true"
            className={cn('mt-0.5 size-5 shrink-0', cancelled ? 'text-amber-700' : 'text-green-700')}
          />
          <div className="min-w-0">
            <p className="font-semibold">
              {cancelled ? 'The purchase order was cancelled' : 'This RFQ was awarded to you'}
            </p>
            {cancelled ? (
              <p className="wrap-anywhere">
                This RFQ was awarded to you, but purchase order {order.poNumber} for {amount} has since been
                cancelled. Nothing is to be delivered against it.
              </p>
            ) : (
              <p className="wrap-anywhere">
                Purchase order {order.poNumber} for {amount}
                {order.negotiationId ? ', at the negotiated prices' : ', at your quoted prices'}.
              </p>
            )}
          </div>
        </div>
        <Button asChild variant={cancelled ? 'outline' : 'primary'} className="shrink-0">
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
