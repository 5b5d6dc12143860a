import { formatQuantity } from '@trowel/shared/money/format.ts';
import { DELIVERY_MESSAGES } from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import { useState } from 'react';
import { FileLinks } from '../../../components/ui/file-links.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formatDateOnly } from '../../../lib/format-date.ts';
import { useDeliveries } from '../api/get-deliveries.ts';

/** The deliveries recorded against an order, newest first: per line what was received and rejected, and why. */
export function DeliveryList({ orderId }: { orderId: string }) {
  const [page, setPage] = useState(1);
  const query = useDeliveries(orderId, page);
  if (query.isPending) return <LoadingState label="Loading deliveries..." className="py-4" />;
  if (query.isError) return <QueryErrorState title={DELIVERY_MESSAGES.loadFailed} query={query} />;
  const { deliveries, pagination } = query.data;
  if (deliveries.length === 0) return <EmptyState title={DELIVERY_MESSAGES.noDeliveries} />;
  return (
    <div className="space-y-3">
      <ol aria-label="Deliveries" className="space-y-3">
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium wrap-anywhere">Waybill {delivery.waybillNumber}</span>
              <span className="text-slate-600">
                {formatDateOnly(delivery.deliveredOn)} · {delivery.receivedBy?.name ?? 'Unknown User'}
              </span>
            </p>
            <ul className="divide-y divide-slate-100">
              {delivery.items.map((item) => (
                <li key={item.itemId} className="py-1">
                  <span className="wrap-anywhere">{item.name}</span>:{' '}
                  <span className="text-green-700">
                    {formatQuantity(item.quantityReceived)} {item.unit} received
                  </span>
                  {item.quantityRejected > 0 ? (
                    <span className="text-red-700">
                      , {formatQuantity(item.quantityRejected)} rejected ({item.rejectionReason})
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            {delivery.files.length > 0 ? <FileLinks files={delivery.files} /> : null}
          </li>
        ))}
      </ol>
      {pagination.hasNext || page > 1 ? (
        <Pager page={page} totalPages={pagination.totalPages} onPageChange={setPage} />
      ) : (
        <p className="text-center text-xs text-slate-500">That is every delivery.</p>
      )}
    </div>
  );
}
