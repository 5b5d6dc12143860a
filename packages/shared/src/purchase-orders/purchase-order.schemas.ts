import { z } from 'zod';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';
import { statusHistoryEntryDto } from '../workflow/history.schemas.ts';
import { PURCHASE_ORDER_STATUSES } from './purchase-order.machine.ts';

/** How a PO number is written: PO-000042. */
export function purchaseOrderNumber(number: number): string {
  return `PO-${String(number).padStart(6, '0')}`;
}

/** Where an item's agreed price came from: an accepted negotiation, else the vendor's quote. */
export const PRICE_SOURCES = ['negotiation', 'quote'] as const;

export const purchaseOrderItemDto = z.object({
  itemId: z.string(),
  name: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  priceSource: z.enum(PRICE_SOURCES),
  /** Accepted into the stores over every delivery. */
  quantityReceived: z.number(),
  /** Turned back at delivery, over every delivery. */
  quantityRejected: z.number(),
  /** Billed by the vendor's invoices (0 until invoices are recorded). */
  quantityInvoiced: z.number(),
  /** The most the stores may still accept on the line (the order plus the tolerance, less what came). */
  quantityReceivable: z.number(),
});
export type PurchaseOrderItem = z.infer<typeof purchaseOrderItemDto>;

export const purchaseOrderSummaryDto = z.object({
  id: z.string(),
  number: z.number().int(),
  poNumber: z.string(),
  rfq: z.object({ id: z.string(), title: z.string() }),
  project: z.object({ id: z.string(), title: z.string() }).nullable(),
  vendor: z.object({ id: z.string(), name: z.string() }),
  totalAmount: z.number(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  approvedAt: z.string(),
  /** The accepted negotiation whose prices it carries, or null (the quote's prices). */
  negotiationId: z.string().nullable(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummaryDto>;

/** A purchase order made when an RFQ is approved: each item at its agreed price. */
export const purchaseOrderDto = purchaseOrderSummaryDto.extend({
  vendor: z.object({
    id: z.string(),
    name: z.string(),
    contactPerson: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  items: z.array(purchaseOrderItemDto),
  approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  currency: z.literal('NGN'),
  /** The administrator's tolerance on deliveries, in whole percent of each line. */
  deliveryTolerancePercent: z.number().int(),
  /** Its steps (issued, each delivery, cancel, close); empty for the vendor. */
  history: z.array(statusHistoryEntryDto),
});
export type PurchaseOrderDto = z.infer<typeof purchaseOrderDto>;

export const listPurchaseOrdersQuery = pageQuery(12).extend({
  rfqId: z.uuid({ error: 'rfqId must be an RFQ id' }).optional(),
  status: z.enum(PURCHASE_ORDER_STATUSES, { error: 'Unknown purchase order status' }).optional(),
});
export type ListPurchaseOrdersQuery = z.infer<typeof listPurchaseOrdersQuery>;

export const purchaseOrderAnswer = ok({ purchaseOrder: purchaseOrderDto });
export const purchaseOrderListAnswer = okList('purchaseOrders', purchaseOrderSummaryDto);
export type PurchaseOrderAnswer = z.output<typeof purchaseOrderAnswer>;
export type PurchaseOrderListAnswer = z.output<typeof purchaseOrderListAnswer>;

/** POST /purchase-orders/{id}/cancel: why, kept in the order's history. */
export const cancelPurchaseOrderInput = z.object({
  remarks: z
    .string()
    .trim()
    .max(1000, 'Remarks must be at most 1000 characters')
    .nullish()
    .transform((value) => value || null),
});
