import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InventoryRequestStatus } from '@trowel/shared/inventory/inventory-request.machine.ts';
import type { StockMovementKind } from '@trowel/shared/inventory/inventory.schemas.ts';
import type {
  MaterialRequestStatus,
  MaterialStoreStatus,
} from '@trowel/shared/material-requests/material-request.machine.ts';
import type { MaterialItem } from '@trowel/shared/material-requests/material-request.schemas.ts';
import { createdAtMs, kobo, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';
import { purchaseOrders } from './negotiations.ts';

/** Site staff ask for materials for a project; its lead reviews, the store keeper answers. */
export const materialRequests = pgTable(
  'material_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The lines asked for, each with its own id; read and written whole with the request. */
    items: jsonb('items').$type<MaterialItem[]>().notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<MaterialRequestStatus>().notNull().default('pending_lead_approval'),
    leadReviewNotes: text('lead_review_notes'),
    storeStatus: text('store_status').$type<MaterialStoreStatus>(),
    storeKeeperNotes: text('store_keeper_notes'),
    storeTimestamp: timestamp('store_timestamp', { withTimezone: true, precision: 3 }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('material_requests_created_idx').on(t.createdAt, t.id),
    index('material_requests_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('material_requests_requester_created_idx').on(t.requestedById, t.createdAt, t.id),
    index('material_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    index('material_requests_store_status_created_idx').on(t.storeStatus, t.createdAt, t.id),
  ],
);
export type MaterialRequestRow = typeof materialRequests.$inferSelect;

/** The company's stock, item by item. The quantity never goes below zero (checked here too). */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    quantity: integer('quantity').notNull().default(0),
    unit: text('unit').notNull(),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    /** What a unit on hand cost: the moving average of its receipts at their orders' prices. */
    unitCostKobo: kobo('unit_cost_kobo'),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inventory_items_created_idx').on(t.createdAt, t.id),
    index('inventory_items_category_created_idx').on(t.category, t.createdAt, t.id),
    index('inventory_items_name_idx').on(t.name, t.id),
    index('inventory_items_name_trgm_idx').using('gin', sql`${t.name} public.gin_trgm_ops`),
    index('inventory_items_category_trgm_idx').using('gin', sql`${t.category} public.gin_trgm_ops`),
    check('inventory_items_quantity_not_negative', sql`${t.quantity} >= 0`),
    check('inventory_items_threshold_not_negative', sql`${t.lowStockThreshold} >= 0`),
  ],
);
export type InventoryItemRow = typeof inventoryItems.$inferSelect;

/** A request for stock from the store, walking the chain of spec 2 §4 to its release. */
export const inventoryRequests = pgTable(
  'inventory_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The request keeps its item's name and unit when the item is deleted later.
    inventoryItemId: uuid('inventory_item_id').references(() => inventoryItems.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    unit: text('unit').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    quantityRequested: integer('quantity_requested').notNull(),
    quantityApproved: integer('quantity_approved'),
    notes: text('notes').notNull().default(''),
    storeKeeperNotes: text('store_keeper_notes'),
    adminNotes: text('admin_notes'),
    projectLeadNotes: text('project_lead_notes'),
    status: text('status').$type<InventoryRequestStatus>().notNull().default('pending_store_keeper_approval'),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inventory_requests_created_idx').on(t.createdAt, t.id),
    index('inventory_requests_requester_created_idx').on(t.requestedById, t.createdAt, t.id),
    index('inventory_requests_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('inventory_requests_item_status_idx').on(t.inventoryItemId, t.status),
    index('inventory_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    check('inventory_requests_quantity_positive', sql`${t.quantityRequested} > 0`),
  ],
);
export type InventoryRequestRow = typeof inventoryRequests.$inferSelect;

/** Goods received against a purchase order: the waybill, the day, who received them. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    waybillNumber: text('waybill_number').notNull(),
    deliveredOn: date('delivered_on', { mode: 'string' }).notNull(),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtMs(),
  },
  (t) => [index('deliveries_order_created_idx').on(t.purchaseOrderId, t.createdAt, t.id)],
);
export type DeliveryRow = typeof deliveries.$inferSelect;

/** A delivery's lines: per order line what was accepted into the stores and what was turned back. */
export const deliveryItems = pgTable(
  'delivery_items',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    /** The order line (the RFQ item's id, as purchase_order_items keys it). */
    itemId: uuid('item_id').notNull(),
    position: smallint('position').notNull(),
    quantityReceived: integer('quantity_received').notNull(),
    quantityRejected: integer('quantity_rejected').notNull(),
    rejectionReason: text('rejection_reason'),
    inventoryItemId: uuid('inventory_item_id').references(() => inventoryItems.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryId, t.itemId] }),
    check('delivery_items_received_not_negative', sql`${t.quantityReceived} >= 0`),
    check('delivery_items_rejected_not_negative', sql`${t.quantityRejected} >= 0`),
  ],
);

/** Every change of an item's stock: issues against released requests, receipts of deliveries, adjustments by hand. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StockMovementKind>().notNull(),
    /** Signed: an issue is negative, an adjustment either. */
    quantity: integer('quantity').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    requestId: uuid('request_id').references(() => inventoryRequests.id, { onDelete: 'set null' }),
    /** A receipt's delivery, its purchase order and the order line (the RFQ item's id). */
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id, { onDelete: 'set null' }),
    purchaseOrderItemId: uuid('purchase_order_item_id'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What a unit moved was worth: a receipt's order price, else the item's average cost then (null before costs were kept). */
    unitCostKobo: bigint('unit_cost_kobo', { mode: 'number' }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('stock_movements_item_created_idx').on(t.itemId, t.createdAt, t.id),
    index('stock_movements_request_idx').on(t.requestId),
    // A project's stock issued and received (its costs) read from the index.
    index('stock_movements_project_idx')
      .on(t.projectId, t.itemId, t.kind)
      .where(sql`${t.projectId} is not null`),
    index('stock_movements_order_idx')
      .on(t.purchaseOrderId, t.purchaseOrderItemId)
      .where(sql`${t.purchaseOrderId} is not null`),
  ],
);
export type StockMovementRow = typeof stockMovements.$inferSelect;
