import type {
  CreateDeliveryValues,
  DeliveryAnswer,
  DeliveryDto,
} from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';

/** A delivery as the shared schema reads it, the order it is against, and photos of the delivery note. */
export type NewDelivery = CreateDeliveryValues & { orderId: string; files: File[] };

/** POST /purchase-orders/{id}/deliveries (multipart: items as JSON text, photos in `files`). */
export async function recordDelivery(
  delivery: NewDelivery,
  transport: UploadTransport,
): Promise<DeliveryDto> {
  const form = new FormData();
  form.append('items', JSON.stringify(delivery.items));
  form.append('waybillNumber', delivery.waybillNumber);
  form.append('deliveredOn', delivery.deliveredOn);
  for (const file of delivery.files) form.append('files', file);
  const answer = await uploadWithProgress<DeliveryAnswer>(
    `/purchase-orders/${delivery.orderId}/deliveries`,
    form,
    transport,
  );
  return answer.delivery;
}
