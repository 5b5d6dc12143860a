import { formatNaira } from '@trowel/shared/money/format.ts';
import type { PurchaseOrderSummary } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format-date.ts';

/** The purchase order of an approved RFQ, linking to its printable page. */
export function PurchaseOrderCard({ order }: { order: PurchaseOrderSummary }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Purchase Order</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-slate-900">{order.poNumber}</p>
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
