import { formatNaira } from '@trowel/shared/money/format.ts';
import {
  PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
} from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { SelectOptions } from '../../../components/ui/select-field.tsx';
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
      <Field id="po-status-filter" label="Status" className="max-w-xs">
        <NativeSelect
          id="po-status-filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as PurchaseOrderStatus | '');
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          <SelectOptions
            values={PURCHASE_ORDER_STATUSES}
            label={(value) => PURCHASE_ORDER_STATUS_LABELS[value]}
          />
        </NativeSelect>
      </Field>
      {query.isPending ? (
        <LoadingState label="Loading purchase orders..." />
      ) : query.isError ? (
        <QueryErrorState title="Failed to load purchase orders" query={query} />
      ) : query.data.purchaseOrders.length === 0 ? (
        <EmptyState title="No purchase orders" description="Orders appear here once an RFQ is approved." />
      ) : (
        <>
          <ul
            aria-label="Purchase orders"
            className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white"
          >
            {query.data.purchaseOrders.map((order) => (
              <li key={order.id}>
                <Link
                  to={`/purchase-orders/${order.id}`}
                  className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 p-3 text-sm hover:bg-slate-50"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{order.poNumber}</span>
                    <span className="block wrap-anywhere text-slate-600">
                      {order.vendor.name} · {order.project?.title ?? 'No project'}
                    </span>
                    <span className="block text-xs text-slate-500">{formatDate(order.approvedAt)}</span>
                  </span>
                  <span className="flex flex-col items-end gap-1">
                    <PurchaseOrderStatusBadge status={order.status} />
                    <span className="font-medium tabular-nums">{formatNaira(order.totalAmount)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {query.data.pagination.totalPages > 1 ? (
            <Pager page={page} totalPages={query.data.pagination.totalPages} onPageChange={setPage} />
          ) : (
            <p className="text-center text-xs text-slate-500">That is every purchase order.</p>
          )}
        </>
      )}
    </div>
  );
}
