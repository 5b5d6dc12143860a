import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Difference } from '@trowel/shared/invoices/invoice-match.ts';
import type { InvoiceStatus, MatchStatus } from '@trowel/shared/invoices/invoice.machine.ts';
import type { PaymentMethod } from '@trowel/shared/invoices/invoice.schemas.ts';
import { createdAtMs, money, updatedAt } from './columns.ts';
import { purchaseOrders } from './negotiations.ts';
import { users } from './people.ts';
import { vendors } from './procurement.ts';
import { projects } from './projects.ts';

/** A vendor's invoice against a purchase order, matched three ways when recorded. */
export const vendorInvoices = pgTable(
  'vendor_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('recorded'),
    matchStatus: text('match_status').$type<MatchStatus>().notNull(),
    subtotal: money('subtotal'),
    vatAmount: money('vat_amount'),
    totalAmount: money('total_amount'),
    amountPaid: money('amount_paid'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendor_invoices_vendor_number_key').on(t.vendorId, sql`lower(${t.invoiceNumber})`),
    index('vendor_invoices_created_idx').on(t.createdAt, t.id),
    index('vendor_invoices_status_created_idx').on(t.status, t.createdAt, t.id),
    index('vendor_invoices_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    index('vendor_invoices_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('vendor_invoices_order_idx').on(t.purchaseOrderId),
    check(
      'vendor_invoices_paid_within_total',
      sql`${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.totalAmount}`,
    ),
  ],
);
export type VendorInvoiceRow = typeof vendorInvoices.$inferSelect;

/** An invoice's lines, each with what the match found. */
export const vendorInvoiceItems = pgTable(
  'vendor_invoice_items',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => vendorInvoices.id, { onDelete: 'cascade' }),
    /** The order line billed (the RFQ item's id), or an id not on the order. */
    itemId: uuid('item_id').notNull(),
    position: smallint('position').notNull(),
    quantity: numeric('quantity', { precision: 15, scale: 3, mode: 'number' }).notNull(),
    unitPrice: money('unit_price'),
    totalPrice: money('total_price'),
    differences: jsonb('differences').$type<Difference[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.itemId] })],
);

/** A payment of an invoice, partial or in full. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => vendorInvoices.id, { onDelete: 'cascade' }),
    amount: money('amount'),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    reference: text('reference'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt),
    check('invoice_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);
