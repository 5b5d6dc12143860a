import type { CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
} from 'drizzle-orm/pg-core';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { RfqStatus } from '@trowel/shared/procurement/rfq.machine.ts';
import type { VendorResponseStatus } from '@trowel/shared/procurement/rfq.schemas.ts';
import type {
  VendorCategory,
  VendorState,
  VendorStatus,
} from '@trowel/shared/procurement/vendor.constants.ts';
import { createdAt, createdAtMs, money, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

/** The company's suppliers; each has one sign-in account (role vendor). */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict: a vendor's account goes with the vendor, never on its own.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    contactPerson: text('contact_person').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    state: text('state').$type<VendorState>(),
    category: text('category').$type<VendorCategory>(),
    description: text('description').notNull().default(''),
    status: text('status').$type<VendorStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendors_user_key').on(t.userId),
    uniqueIndex('vendors_email_key').on(sql`lower(${t.email})`),
    index('vendors_name_idx').on(t.name, t.id),
    index('vendors_status_name_idx').on(t.status, t.name),
    index('vendors_category_name_idx').on(t.category, t.name),
    index('vendors_state_name_idx').on(t.state, t.name),
    check('vendors_status_known', sql`${t.status} in ('active', 'inactive', 'suspended')`),
  ],
);
export type VendorRow = typeof vendors.$inferSelect;

/** Requests for quotation: `number` is the short sequential number people see (RFQ #1042). */
export const rfqs = pgTable(
  'rfqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    status: text('status').$type<RfqStatus>().notNull().default('pending_qs_review'),
    dueDate: date('due_date', { mode: 'string' }),
    /** Sealed bids: vendors bid blind until the deadline; prices are sealed until opened (by two people). */
    sealed: boolean('sealed').notNull().default(false),
    bidDeadline: timestamp('bid_deadline', { withTimezone: true, precision: 3 }),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }),
    /** What its purchase order's cost counts as on the project (RFQs before categories: materials). */
    costCategory: text('cost_category').$type<CostCategory>().notNull().default('Materials'),
    /** When the QS sent it to the vendors; vendors see only RFQs sent to them. */
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    selectedVendorId: uuid('selected_vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    recommendedVendorId: uuid('recommended_vendor_id').references(() => vendors.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rfqs_number_key').on(t.number),
    index('rfqs_created_idx').on(t.createdAt, t.id),
    index('rfqs_status_created_idx').on(t.status, t.createdAt, t.id),
    index('rfqs_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('rfqs_title_trgm_idx').using('gin', sql`${t.title} public.gin_trgm_ops`),
  ],
);
export type RfqRow = typeof rfqs.$inferSelect;

export const rfqItems = pgTable(
  'rfq_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', { precision: 15, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
  },
  (t) => [
    index('rfq_items_rfq_idx').on(t.rfqId, t.position),
    check('rfq_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
export type RfqItemRow = typeof rfqItems.$inferSelect;

/** The vendors an RFQ was sent to. */
export const rfqVendors = pgTable(
  'rfq_vendors',
  {
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    invitedAt: timestamp('invited_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rfqId, t.vendorId] }),
    index('rfq_vendors_vendor_idx').on(t.vendorId, t.rfqId),
  ],
);

/** One person's confirmation of the opening of an RFQ's sealed bids (a QS and an admin open them). */
export const rfqOpenings = pgTable(
  'rfq_openings',
  {
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    role: text('role').$type<Role>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rfqId, t.userId] })],
);

/** A vendor's quote on an RFQ: one per vendor and RFQ, updated in place. */
export const vendorResponses = pgTable(
  'vendor_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    totalAmount: money('total_amount'),
    notes: text('notes').notNull().default(''),
    /**
     * A sealed RFQ's bid before opening: its total and lines sealed with a key derived from the app
     * secret (AES-256-GCM); the total and the lines are written in clear only when the bids are opened.
     */
    sealedBid: text('sealed_bid'),
    status: text('status').$type<VendorResponseStatus>().notNull().default('submitted'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendor_responses_rfq_vendor_key').on(t.rfqId, t.vendorId),
    index('vendor_responses_vendor_idx').on(t.vendorId, t.rfqId),
    check('vendor_responses_total_nonnegative', sql`${t.totalAmount} >= 0`),
  ],
);
export type VendorResponseRow = typeof vendorResponses.$inferSelect;

export const vendorResponseItems = pgTable(
  'vendor_response_items',
  {
    responseId: uuid('response_id')
      .notNull()
      .references(() => vendorResponses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rfqItems.id, { onDelete: 'cascade' }),
    unitPrice: money('unit_price'),
    totalPrice: money('total_price'),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.responseId, t.itemId] }),
    index('vendor_response_items_item_idx').on(t.itemId),
    check('vendor_response_items_price_positive', sql`${t.unitPrice} > 0`),
  ],
);
export type VendorResponseItemRow = typeof vendorResponseItems.$inferSelect;
