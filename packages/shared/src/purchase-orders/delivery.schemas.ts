import { z } from 'zod';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { pastCalendarDate } from '../format/calendar-date.ts';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';
import { jsonField } from '../http/json-field.ts';
import { MAX_QUANTITY } from '../money/line-total.ts';

/** The texts of deliveries, for the server's answers and the screen. */
export const DELIVERY_MESSAGES = {
  itemsRequired: 'List at least one line of the order with the quantity received or rejected.',
  itemUnknown: 'A delivery line is not on this purchase order.',
  itemTwice: 'Each line of the order may appear once in a delivery.',
  nothingOnLine: 'Each delivery line needs a quantity received or rejected.',
  wholeQuantity: 'Quantities received and rejected are whole numbers (the stores count whole units).',
  reasonRequired: 'Give a reason for the rejected quantity.',
  waybillRequired: 'Waybill / delivery note number is required.',
  dateRequired: 'Delivery date is required (YYYY-MM-DD).',
  dateInvalid: 'Delivery date must be a date (YYYY-MM-DD).',
  dateFuture: 'Delivery date cannot be in the future.',
  unknownInventoryItem: 'The chosen inventory item does not exist.',
  inventoryUnitDiffers: 'The chosen inventory item is counted in another unit.',
  recorded: 'Delivery recorded',
  recordFailed: 'Failed to record the delivery. Please try again.',
  loadFailed: 'Failed to load deliveries.',
  noDeliveries: 'No deliveries recorded yet.',
} as const;

const MAX_LINES = 500;

const wholeQuantity = z
  .number({ error: DELIVERY_MESSAGES.wholeQuantity })
  .int(DELIVERY_MESSAGES.wholeQuantity)
  .min(0, DELIVERY_MESSAGES.wholeQuantity)
  .max(MAX_QUANTITY, 'Quantity is too large');

export const deliveryItemInput = z
  .object({
    itemId: z.uuid({ error: DELIVERY_MESSAGES.itemUnknown }),
    quantityReceived: wholeQuantity,
    quantityRejected: wholeQuantity.optional().default(0),
    rejectionReason: z
      .string()
      .trim()
      .max(500, 'Rejection reason must be at most 500 characters')
      .nullish()
      .transform((value) => value || null),
    /** The stores item the goods join; by default the one of the same name and unit, made when new. */
    inventoryItemId: z
      .uuid({ error: DELIVERY_MESSAGES.unknownInventoryItem })
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((line) => line.quantityReceived + line.quantityRejected > 0, DELIVERY_MESSAGES.nothingOnLine)
  .refine((line) => line.quantityRejected === 0 || line.rejectionReason !== null, {
    message: DELIVERY_MESSAGES.reasonRequired,
    path: ['rejectionReason'],
  });
export type DeliveryItemInput = z.output<typeof deliveryItemInput>;

const deliveryItems = z
  .array(deliveryItemInput, { error: DELIVERY_MESSAGES.itemsRequired })
  .min(1, DELIVERY_MESSAGES.itemsRequired)
  .max(MAX_LINES, `At most ${MAX_LINES} lines`)
  .refine(
    (lines) => new Set(lines.map((line) => line.itemId)).size === lines.length,
    DELIVERY_MESSAGES.itemTwice,
  );

/** POST /purchase-orders/{id}/deliveries as JSON. */
export const createDeliveryInput = z.object({
  items: deliveryItems,
  waybillNumber: z
    .string({ error: DELIVERY_MESSAGES.waybillRequired })
    .trim()
    .min(1, DELIVERY_MESSAGES.waybillRequired)
    .max(100, 'Waybill number must be at most 100 characters'),
  deliveredOn: pastCalendarDate(
    DELIVERY_MESSAGES.dateInvalid,
    DELIVERY_MESSAGES.dateRequired,
    DELIVERY_MESSAGES.dateFuture,
  ),
});
export type CreateDeliveryInput = z.input<typeof createDeliveryInput>;
export type CreateDeliveryValues = z.output<typeof createDeliveryInput>;

/** The same call as multipart: `items` is a JSON text, photos of the delivery note come in `files`. */
export const createDeliveryFields = createDeliveryInput.extend({
  items: jsonField(deliveryItems, DELIVERY_MESSAGES.itemsRequired),
});

export const deliveryItemDto = z.object({
  itemId: z.string(),
  name: z.string(),
  unit: z.string(),
  quantityReceived: z.number(),
  quantityRejected: z.number(),
  rejectionReason: z.string().nullable(),
  /** The stores item the accepted quantity went into. */
  inventoryItemId: z.string().nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItemDto>;

/** Goods received against a purchase order: per line what was accepted and what turned back. */
export const deliveryDto = z.object({
  id: z.string(),
  purchaseOrderId: z.string(),
  waybillNumber: z.string(),
  deliveredOn: z.string(),
  receivedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  items: z.array(deliveryItemDto),
  files: z.array(attachmentDto),
  createdAt: z.string(),
});
export type DeliveryDto = z.infer<typeof deliveryDto>;

export const deliveryAnswer = ok({ delivery: deliveryDto });
export const listDeliveriesQuery = pageQuery(20);
export const deliveryListAnswer = okList('deliveries', deliveryDto);
export type DeliveryAnswer = z.output<typeof deliveryAnswer>;
export type DeliveryListAnswer = z.output<typeof deliveryListAnswer>;
