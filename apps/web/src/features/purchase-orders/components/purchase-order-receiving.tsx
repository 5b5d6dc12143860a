import {
  PURCHASE_ORDER_HISTORY_LABELS,
  purchaseOrderMachine,
} from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import type { PurchaseOrderDto } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { PackageCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { StatusHistory } from '../../../components/ui/status-history.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCancelPurchaseOrder } from '../api/cancel-purchase-order.ts';
import { DeliveryList } from './delivery-list.tsx';
import { RecordDeliveryForm } from './record-delivery-form.tsx';

/**
 * Below the order: what the reader may do now (record a delivery, cancel — as the shared
 * machine offers them to the role) and the deliveries recorded so far.
 */
export function PurchaseOrderReceiving({ order, role }: { order: PurchaseOrderDto; role: Role }) {
  const [recording, setRecording] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [remarks, setRemarks] = useState('');
  const cancel = useCancelPurchaseOrder(order.id);
  const actions = purchaseOrderMachine.actionsFor(order.status, role);
  const mayReceive = actions.includes('receive') && order.items.some((item) => item.quantityReceivable > 0);

  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>Deliveries</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {!recording && (mayReceive || actions.includes('cancel')) ? (
          <div className="flex flex-wrap gap-2">
            {mayReceive ? (
              <Button onClick={() => setRecording(true)}>
                <PackageCheck aria-hidden="true" /> Record Delivery
              </Button>
            ) : null}
            {actions.includes('cancel') ? (
              <Button variant="outline" onClick={() => setCancelling(true)}>
                <XCircle aria-hidden="true" /> Cancel Order
              </Button>
            ) : null}
          </div>
        ) : null}
        {recording ? <RecordDeliveryForm order={order} onDone={() => setRecording(false)} /> : null}
        <DeliveryList orderId={order.id} />
        {order.history.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-slate-800">History</summary>
            <div className="mt-2">
              <StatusHistory history={order.history} labels={PURCHASE_ORDER_HISTORY_LABELS} />
            </div>
          </details>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`Cancel ${order.poNumber}?`}
        description={
          <span className="block space-y-2">
            <span className="block">The vendor and procurement are told. Nothing was received on it.</span>
            <Input
              aria-label="Reason"
              placeholder="Reason (optional)"
              value={remarks}
              maxLength={1000}
              onChange={(event) => setRemarks(event.target.value)}
            />
          </span>
        }
        confirmLabel="Cancel Order"
        busyLabel="Cancelling..."
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(remarks, {
            onSuccess: () => {
              setCancelling(false);
              toast.success(`${order.poNumber} cancelled`);
            },
            onError: (error) => toast.error(errorMessage(error, 'Failed to cancel the order.')),
          })
        }
      />
    </Card>
  );
}
