import { formatNaira } from '@trowel/shared/money/format.ts';
import {
  PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
} from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { useState } from 'react';
import { LinkedRows } from '../../../components/ui/linked-rows.tsx';
import { StatusFilter } from '../../../components/ui/status-filter.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { usePurchaseOrders } from '../api/get-purchase-orders.ts';
import { PurchaseOrderStatusBadge } from './purchase-order-status-badge.tsx';

/** The purchase orders the reader may see, filtered by status, each linking to its order and deliveries. */
export function PurchaseOrderList() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PurchaseOrderStatus | ''>('');
  const query = usePurchaseOrders({ page, status });
  return (
    <div className="space-y-4">
      <StatusFilter
        id="po-status-filter"
        statuses={PURCHASE_ORDER_STATUSES}
        labels={PURCHASE_ORDER_STATUS_LABELS}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      {query.isPending ? (
        <LoadingState label="Loading purchase orders..." />
      ) : query.isError ? (
        <QueryErrorState title="Failed to load purchase orders" query={query} />
      ) : query.data.purchaseOrders.length === 0 ? (
        status ? (
          <EmptyState
            title={`No ${PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase()} purchase orders`}
            description="Choose another status to see the others."
          />
        ) : (
          <EmptyState title="No purchase orders" description="Orders appear here once an RFQ is approved." />
        )
      ) : (
        <LinkedRows
          label="Purchase orders"
          rows={query.data.purchaseOrders.map((order) => ({
            id: order.id,
            to: `/purchase-orders/${order.id}`,
            title: order.poNumber,
            detail: `${order.vendor.name} · ${order.project?.title ?? 'No project'}`,
            date: formatDate(order.approvedAt),
            badge: <PurchaseOrderStatusBadge status={order.status} />,
            amount: formatNaira(order.totalAmount),
          }))}
          page={page}
          totalPages={query.data.pagination.totalPages}
          onPageChange={setPage}
          endText="That is every purchase order."
        />
      )}
    </div>
  );
}
