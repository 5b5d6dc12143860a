import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AutoLoginAction } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import type { NegotiationStatus } from '@trowel/shared/workflow/negotiation.machine.ts';
import type { PurchaseOrderStatus } from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { createdAt, createdAtMs, money } from './columns.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';
import { rfqItems, rfqs, vendors } from './procurement.ts';

/** Naira that may be absent (a counter not made yet): numeric(15, 2), exact. */
const optionalMoney = (name: string) => numeric(name, { precision: 15, scale: 2, mode: 'number' });

/**
 * A price offer staff send one vendor on one RFQ; the vendor accepts, rejects or counters it once.
 * At most one per vendor and RFQ awaits the vendor (the partial unique index), so two offers sent at
 * the same moment cannot both stand.
 */
export const negotiations = pgTable(
  'negotiations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The round's number with this vendor on this RFQ (1, 2, …): a company-wide count would tell a vendor
     * how many negotiations others are in. Given under the RFQ's row lock.
     */
    number: integer('number').notNull(),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    negotiatedBy: uuid('negotiated_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<NegotiationStatus>().notNull().default('pending_vendor_response'),
    isCounterOffer: boolean('is_counter_offer').notNull().default(false),
    originalNegotiationId: uuid('original_negotiation_id').references((): AnyPgColumn => negotiations.id, {
      onDelete: 'set null',
    }),
    /** The vendor's quote total when the offer was sent. */
    originalTotal: money('original_total'),
    totalAmount: money('total_amount'),
    notes: text('notes').notNull(),
    rejectionReason: text('rejection_reason'),
    counterTotal: optionalMoney('counter_total'),
    counterNotes: text('counter_notes'),
    respondedAt: timestamp('responded_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAtMs(),
  },
  (t) => [
    uniqueIndex('negotiations_rfq_vendor_number_key').on(t.rfqId, t.vendorId, t.number),
    index('negotiations_rfq_vendor_idx').on(t.rfqId, t.vendorId, t.createdAt),
    index('negotiations_vendor_idx').on(t.vendorId, t.createdAt),
    uniqueIndex('negotiations_one_awaiting_key')
      .on(t.rfqId, t.vendorId)
      .where(sql`status = 'pending_vendor_response'`),
    check(
      'negotiations_status_known',
      sql`${t.status} in ('pending_vendor_response', 'vendor_accepted', 'vendor_rejected', 'vendor_counter_offered', 'withdrawn')`,
    ),
    check('negotiations_total_positive', sql`${t.totalAmount} > 0`),
  ],
);
export type NegotiationRow = typeof negotiations.$inferSelect;

/** Each item of an offer: the quote's price, staff's price and, once countered, the vendor's. */
export const negotiationItems = pgTable(
  'negotiation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    negotiationId: uuid('negotiation_id')
      .notNull()
      .references(() => negotiations.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rfqItems.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    originalUnitPrice: money('original_unit_price'),
    originalTotalPrice: money('original_total_price'),
    negotiatedUnitPrice: money('negotiated_unit_price'),
    negotiatedTotalPrice: money('negotiated_total_price'),
    notes: text('notes').notNull().default(''),
    counterUnitPrice: optionalMoney('counter_unit_price'),
    counterTotalPrice: optionalMoney('counter_total_price'),
  },
  (t) => [
    uniqueIndex('negotiation_items_item_key').on(t.negotiationId, t.itemId),
    index('negotiation_items_item_idx').on(t.itemId),
    check('negotiation_items_price_positive', sql`${t.negotiatedUnitPrice} > 0`),
    check(
      'negotiation_items_counter_positive',
      sql`${t.counterUnitPrice} is null or ${t.counterUnitPrice} > 0`,
    ),
  ],
);
export type NegotiationItemRow = typeof negotiationItems.$inferSelect;

/**
 * The order made when an RFQ is approved, in the same transaction: one per RFQ, numbered in
 * sequence, its items copied at their agreed prices so later changes never alter it.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1 }),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'restrict' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    negotiationId: uuid('negotiation_id').references(() => negotiations.id, { onDelete: 'set null' }),
    totalAmount: money('total_amount'),
    /** Orders issued before deliveries were recorded start as issued too. */
    status: text('status').$type<PurchaseOrderStatus>().notNull().default('issued'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_key').on(t.number),
    uniqueIndex('purchase_orders_rfq_key').on(t.rfqId),
    index('purchase_orders_approved_idx').on(t.approvedAt, t.id),
    index('purchase_orders_vendor_idx').on(t.vendorId, t.approvedAt, t.id),
    index('purchase_orders_project_idx').on(t.projectId, t.approvedAt, t.id),
    index('purchase_orders_status_idx').on(t.status, t.approvedAt, t.id),
  ],
);
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;

export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', { precision: 15, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    unitPrice: money('unit_price'),
    totalPrice: money('total_price'),
    priceSource: text('price_source').$type<'negotiation' | 'quote'>().notNull(),
    /** Accepted and turned back over every delivery, kept with each delivery under the order's lock. */
    quantityReceived: integer('quantity_received').notNull().default(0),
    quantityRejected: integer('quantity_rejected').notNull().default(0),
    /** Billed by the order's invoices that were not rejected, kept under the order's lock. */
    quantityInvoiced: numeric('quantity_invoiced', { precision: 15, scale: 3, mode: 'number' })
      .notNull()
      .default(0),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseOrderId, t.itemId] }),
    check('purchase_order_items_received_not_negative', sql`${t.quantityReceived} >= 0`),
    check('purchase_order_items_rejected_not_negative', sql`${t.quantityRejected} >= 0`),
  ],
);

/**
 * Auto-login links: only the SHA-256 of the token is kept, bound to one vendor, one RFQ and one
 * purpose, with its expiry; used once, and revoked when a newer link is made for the same vendor
 * and RFQ or the vendor is deactivated.
 */
export const autoLoginLinks = pgTable(
  'auto_login_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    action: text('action').$type<AutoLoginAction>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auto_login_links_token_key').on(t.tokenHash),
    index('auto_login_links_vendor_rfq_idx').on(t.vendorId, t.rfqId),
  ],
);
export type AutoLoginLinkRow = typeof autoLoginLinks.$inferSelect;
