import { z } from 'zod';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';

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
});
export type PurchaseOrderDto = z.infer<typeof purchaseOrderDto>;

export const listPurchaseOrdersQuery = pageQuery(12).extend({
  rfqId: z.uuid({ error: 'rfqId must be an RFQ id' }).optional(),
});
export type ListPurchaseOrdersQuery = z.infer<typeof listPurchaseOrdersQuery>;

export const purchaseOrderAnswer = ok({ purchaseOrder: purchaseOrderDto });
export const purchaseOrderListAnswer = okList('purchaseOrders', purchaseOrderSummaryDto);
export type PurchaseOrderAnswer = z.output<typeof purchaseOrderAnswer>;
export type PurchaseOrderListAnswer = z.output<typeof purchaseOrderListAnswer>;
