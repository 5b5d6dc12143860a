import type {
  CreateDeliveryValues,
  DeliveryAnswer,
  DeliveryDto,
} from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import type { PurchaseOrderDto } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import type { NewOutboxItem } from '../../../lib/outbox/outbox.ts';
import { multipartFields, toFormData } from '../../../lib/outbox/outbox-send.ts';

/** A delivery as the shared schema reads it, the order it is against, and photos of the delivery note. */
export type NewDelivery = CreateDeliveryValues & { orderId: string; files: File[] };

const deliveriesPath = (delivery: NewDelivery) =>
  `/purchase-orders/${encodeURIComponent(delivery.orderId)}/deliveries`;

/** The multipart body: items as JSON text, photos in `files`. */
function deliveryBody(delivery: NewDelivery) {
  return multipartFields(
    {
      items: JSON.stringify(delivery.items),
      waybillNumber: delivery.waybillNumber,
      deliveredOn: delivery.deliveredOn,
    },
    delivery.files,
  );
}

/** POST /purchase-orders/{id}/deliveries (multipart: items as JSON text, photos in `files`). */
export async function recordDelivery(
  delivery: NewDelivery,
  transport: UploadTransport,
): Promise<DeliveryDto> {
  const answer = await uploadWithProgress<DeliveryAnswer>(
    deliveriesPath(delivery),
    toFormData(deliveryBody(delivery)),
    transport,
  );
  return answer.delivery;
}

/**
 * The same delivery as an outbox item, sent later under `idempotencyKey`: recorded on site without
 * a network, it reaches the order (and the stores) once, when the phone is back online.
 */
export function deliveryOutboxItem(
  delivery: NewDelivery,
  order: Pick<PurchaseOrderDto, 'poNumber' | 'project' | 'items'>,
  userId: string,
  idempotencyKey: string,
): NewOutboxItem {
  const names = new Map(order.items.map((item) => [item.itemId, `${item.name} (${item.unit})`]));
  return {
    id: idempotencyKey,
    userId,
    kind: 'delivery',
    label: `Delivery: ${order.poNumber}`,
    projectId: order.project?.id ?? null,
    method: 'POST',
    path: deliveriesPath(delivery),
    body: deliveryBody(delivery),
    preview: {
      orderId: delivery.orderId,
      waybillNumber: delivery.waybillNumber,
      deliveredOn: delivery.deliveredOn,
      items: delivery.items
        .map(
          (line) =>
            `${names.get(line.itemId) ?? line.itemId}: ${line.quantityReceived} received, ${line.quantityRejected} rejected`,
        )
        .join('; '),
      files: String(delivery.files.length),
    },
  };
}
