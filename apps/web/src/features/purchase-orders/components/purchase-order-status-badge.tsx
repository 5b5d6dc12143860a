import {
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
} from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES = {
  issued: 'blue',
  partially_received: 'amber',
  received: 'green',
  closed: 'neutral',
  cancelled: 'red',
} as const satisfies Record<PurchaseOrderStatus, string>;

/** Where a purchase order stands, as a coloured badge. */
export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge tone={TONES[status]} data-testid="po-status">
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
