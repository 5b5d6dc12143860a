import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import type {
  PurchaseOrderDto,
  PurchaseOrderItem,
} from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { downloadPurchaseOrderPdf } from '../api/get-purchase-order.ts';
import { PurchaseOrderStatusBadge } from './purchase-order-status-badge.tsx';

/** What came of a line so far, once anything was delivered on it. */
function ReceivedLine({ item }: { item: PurchaseOrderItem }) {
  if (item.quantityReceived === 0 && item.quantityRejected === 0) return null;
  return (
    <span className="block text-xs text-slate-600 print:hidden" data-testid="po-item-received">
      Received {formatQuantity(item.quantityReceived)}
      {item.quantityRejected > 0 ? `, rejected ${formatQuantity(item.quantityRejected)}` : ''}
    </span>
  );
}

/**
 * A purchase order laid out for reading and printing (the buttons do not print): its items as a table,
 * or stacked on a phone so every total shows without a sideways swipe; the total always in view.
 */
export function PurchaseOrderDocument({ order }: { order: PurchaseOrderDto }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPurchaseOrderPdf(order.id, `${order.poNumber}.pdf`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download file'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <article className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm print:border-0 print:p-0 print:shadow-none sm:p-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Purchase Order</h1>
          <p className="text-sm text-slate-600">Approved {formatDate(order.approvedAt)}</p>
          <p className="mt-1 print:hidden">
            <PurchaseOrderStatusBadge status={order.status} />
          </p>
        </div>
        <div className="sm:text-right">
          <p className="text-xl font-semibold text-slate-900" data-testid="po-number">
            {order.poNumber}
          </p>
          <div className="mt-2 flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" size="sm" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
            <Button variant="outline" size="sm" onClick={() => void download()} disabled={downloading}>
              <Download aria-hidden="true" />
              Download PDF
            </Button>
          </div>
        </div>
      </header>

      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <section>
          <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Vendor</h2>
          <p className="font-medium wrap-anywhere text-slate-900">{order.vendor.name}</p>
          <p className="wrap-anywhere">{order.vendor.contactPerson}</p>
          {order.vendor.address ? <p className="wrap-anywhere">{order.vendor.address}</p> : null}
          <p>{order.vendor.phone}</p>
          <p className="wrap-anywhere">{order.vendor.email}</p>
        </section>
        <section>
          <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Order</h2>
          <p className="wrap-anywhere">RFQ: {order.rfq.title}</p>
          <p className="wrap-anywhere">Project: {order.project?.title ?? 'None'}</p>
          <p>Approved by: {order.approvedBy?.name ?? 'Unknown User'}</p>
          <p>{order.negotiationId ? 'Prices as agreed in negotiation' : 'Prices as quoted'}</p>
        </section>
      </div>

      {/* A phone reads the items stacked, each total in view; wider screens and paper get the table. */}
      <ol aria-label="Items" className="divide-y divide-slate-100 text-sm sm:hidden print:hidden">
        {order.items.map((item, index) => (
          <li key={item.itemId} className="flex items-start justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere text-slate-900">
                {index + 1}. {item.name}
              </p>
              {item.description ? (
                <p className="text-xs wrap-anywhere text-slate-500">{item.description}</p>
              ) : null}
              <p className="text-slate-600 tabular-nums">
                {formatQuantity(item.quantity)} {item.unit} × {formatNaira(item.unitPrice)}
              </p>
              <ReceivedLine item={item} />
            </div>
            <p className="shrink-0 text-right font-semibold tabular-nums" data-testid="po-item-total">
              {formatNaira(item.totalPrice)}
            </p>
          </li>
        ))}
      </ol>
      <table className="hidden w-full text-left text-sm sm:table print:table">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th className="py-2 pr-2 font-medium">#</th>
            <th className="py-2 pr-2 font-medium">Item</th>
            <th className="py-2 pr-2 text-right font-medium">Qty</th>
            <th className="py-2 pr-2 font-medium">Unit</th>
            <th className="py-2 pr-2 text-right font-medium">Unit price</th>
            <th className="py-2 text-right font-medium">Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.items.map((item, index) => (
            <tr key={item.itemId}>
              <td className="py-2 pr-2 align-top">{index + 1}</td>
              <td className="py-2 pr-2 align-top wrap-anywhere">
                {item.name}
                {item.description ? (
                  <span className="block text-xs text-slate-500">{item.description}</span>
                ) : null}
                <ReceivedLine item={item} />
              </td>
              <td className="py-2 pr-2 text-right align-top tabular-nums">{formatQuantity(item.quantity)}</td>
              <td className="py-2 pr-2 align-top">{item.unit}</td>
              <td className="py-2 pr-2 text-right align-top tabular-nums">{formatNaira(item.unitPrice)}</td>
              <td className="py-2 text-right align-top tabular-nums">{formatNaira(item.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="flex items-baseline justify-end gap-4 border-t border-slate-300 pt-3 text-base font-semibold">
        <span>Total</span>
        <span className="tabular-nums" data-testid="po-total">
          {formatNaira(order.totalAmount)}
        </span>
      </p>
    </article>
  );
}
