import { formatNaira } from '@trowel/shared/money/format.ts';
import type { PurchaseOrderSummary } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { PurchaseOrderStatusBadge } from './purchase-order-status-badge.tsx';

/** The purchase order of an approved RFQ with its status (a cancelled one says so), linking to its page. */
export function PurchaseOrderCard({ order }: { order: PurchaseOrderSummary }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Purchase Order</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {order.poNumber} <PurchaseOrderStatusBadge status={order.status} />
          </p>
          <p className="wrap-anywhere text-slate-600">
            {order.vendor.name} · {formatNaira(order.totalAmount)} · {formatDate(order.approvedAt)}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={`/purchase-orders/${order.id}`}>
            <FileText aria-hidden="true" />
            View Purchase Order
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
