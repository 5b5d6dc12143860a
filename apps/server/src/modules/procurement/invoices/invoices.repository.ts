import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus, MatchStatus } from '@trowel/shared/invoices/invoice.machine.ts';
import type { MatchedLine } from '@trowel/shared/invoices/invoice-match.ts';
import type { PaymentDto, PaymentMethod } from '@trowel/shared/invoices/invoice.schemas.ts';
import { purchaseOrderNumber } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { Db } from '../../../db/client.ts';
import {
  attachments,
  invoicePayments,
  projects,
  purchaseOrderItems,
  purchaseOrders,
  users,
  vendorInvoiceItems,
  vendorInvoices,
  vendors,
  type AttachmentRow,
} from '../../../db/schema.ts';

/** Which invoices a reader sees: all of them, or one vendor's. */
export interface InvoiceScope {
  vendorId: string | null;
}

export interface InvoiceFilter {
  status?: InvoiceStatus | undefined;
  vendorId?: string | undefined;
  projectId?: string | undefined;
  purchaseOrderId?: string | undefined;
}

export interface NewInvoice {
  purchaseOrderId: string;
  vendorId: string;
  projectId: string | null;
  invoiceNumber: string;
  invoiceDate: string;
  matchStatus: MatchStatus;
  subtotal: number;
  vatAmount: number;
  totalAmount: number;
  recordedBy: string;
  lines: MatchedLine[];
}

const headColumns = {
  id: vendorInvoices.id,
  invoiceNumber: vendorInvoices.invoiceNumber,
  invoiceDate: vendorInvoices.invoiceDate,
  status: vendorInvoices.status,
  matchStatus: vendorInvoices.matchStatus,
  purchaseOrderId: purchaseOrders.id,
  purchaseOrderNumber: purchaseOrders.number,
  vendorId: vendors.id,
  vendorName: vendors.name,
  vendorUserId: vendors.userId,
  projectId: projects.id,
  projectTitle: projects.title,
  subtotal: vendorInvoices.subtotal,
  vatAmount: vendorInvoices.vatAmount,
  totalAmount: vendorInvoices.totalAmount,
  amountPaid: vendorInvoices.amountPaid,
  recordedBy: vendorInvoices.recordedBy,
  createdAt: vendorInvoices.createdAt,
};

/** An invoice's head as read: its order, vendor, project and money. */
export interface InvoiceHead {
  id: string;
  invoiceNumber: string;
  invoiceDate: string;
  status: InvoiceStatus;
  matchStatus: MatchStatus;
  purchaseOrderId: string;
  purchaseOrderNumber: number;
  vendorId: string;
  vendorName: string;
  vendorUserId: string | null;
  projectId: string | null;
  projectTitle: string | null;
  subtotal: number;
  vatAmount: number;
  totalAmount: number;
  amountPaid: number;
  recordedBy: string | null;
  createdAt: Date;
}

const where = (scope: InvoiceScope, filter: InvoiceFilter = {}) => {
  const conditions: SQL[] = [];
  if (scope.vendorId) conditions.push(eq(vendorInvoices.vendorId, scope.vendorId));
  if (filter.vendorId) conditions.push(eq(vendorInvoices.vendorId, filter.vendorId));
  if (filter.status) conditions.push(eq(vendorInvoices.status, filter.status));
  if (filter.projectId) conditions.push(eq(vendorInvoices.projectId, filter.projectId));
  if (filter.purchaseOrderId) conditions.push(eq(vendorInvoices.purchaseOrderId, filter.purchaseOrderId));
  return conditions.length ? and(...conditions) : undefined;
};

export const poNumberOf = (head: Pick<InvoiceHead, 'purchaseOrderNumber'>) =>
  purchaseOrderNumber(head.purchaseOrderNumber);

/** Vendors' invoices, their lines and payments; the only code that touches their tables. */
export function invoicesRepository(db: Db) {
  const heads = () =>
    db
      .select(headColumns)
      .from(vendorInvoices)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, vendorInvoices.purchaseOrderId))
      .innerJoin(vendors, eq(vendors.id, vendorInvoices.vendorId))
      .leftJoin(projects, eq(projects.id, vendorInvoices.projectId));

  return {
    /** Writes an invoice and its lines, and adds what it bills to the order's lines (order locked). */
    async insert(invoice: NewInvoice): Promise<string> {
      const { lines, ...head } = invoice;
      const [row] = await db.insert(vendorInvoices).values(head).returning({ id: vendorInvoices.id });
      await db.insert(vendorInvoiceItems).values(
        lines.map((line, position) => ({
          invoiceId: row!.id,
          itemId: line.itemId,
          position,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          totalPrice: line.totalPrice,
          differences: line.differences,
        })),
      );
      await addBilled(db, invoice.purchaseOrderId, row!.id, 1);
      return row!.id;
    },

    /** Takes a rejected invoice's lines off what was billed on its order (order locked). */
    async unbill(purchaseOrderId: string, invoiceId: string) {
      await addBilled(db, purchaseOrderId, invoiceId, -1);
    },

    async numberTaken(vendorId: string, invoiceNumber: string) {
      const [row] = await db
        .select({ id: vendorInvoices.id })
        .from(vendorInvoices)
        .where(
          and(
            eq(vendorInvoices.vendorId, vendorId),
            sql`lower(${vendorInvoices.invoiceNumber}) = lower(${invoiceNumber})`,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async find(id: string, scope: InvoiceScope): Promise<InvoiceHead | null> {
      const [row] = await heads().where(and(eq(vendorInvoices.id, id), where(scope)));
      return row ?? null;
    },

    /** The invoice locked for the transaction (select … for update), or null when not in the scope. */
    async lock(id: string, scope: InvoiceScope): Promise<InvoiceHead | null> {
      const [row] = await heads()
        .where(and(eq(vendorInvoices.id, id), where(scope)))
        .for('update', { of: vendorInvoices });
      return row ?? null;
    },

    async page(scope: InvoiceScope, filter: InvoiceFilter, page: number, limit: number) {
      const condition = where(scope, filter);
      const [rows, [total]] = await Promise.all([
        heads()
          .where(condition)
          .orderBy(desc(vendorInvoices.createdAt), desc(vendorInvoices.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(vendorInvoices).where(condition),
      ]);
      return { rows: rows as InvoiceHead[], total: Number(total?.total ?? 0) };
    },

    async lines(invoiceId: string): Promise<MatchedLine[]> {
      const rows = await db
        .select({
          itemId: vendorInvoiceItems.itemId,
          quantity: vendorInvoiceItems.quantity,
          unitPrice: vendorInvoiceItems.unitPrice,
          totalPrice: vendorInvoiceItems.totalPrice,
          differences: vendorInvoiceItems.differences,
          name: purchaseOrderItems.name,
          unit: purchaseOrderItems.unit,
          orderedQuantity: purchaseOrderItems.quantity,
          receivedQuantity: purchaseOrderItems.quantityReceived,
          agreedUnitPrice: purchaseOrderItems.unitPrice,
        })
        .from(vendorInvoiceItems)
        .innerJoin(vendorInvoices, eq(vendorInvoices.id, vendorInvoiceItems.invoiceId))
        .leftJoin(
          purchaseOrderItems,
          and(
            eq(purchaseOrderItems.purchaseOrderId, vendorInvoices.purchaseOrderId),
            eq(purchaseOrderItems.itemId, vendorInvoiceItems.itemId),
          ),
        )
        .where(eq(vendorInvoiceItems.invoiceId, invoiceId))
        .orderBy(asc(vendorInvoiceItems.position));
      return rows;
    },

    async files(invoiceId: string): Promise<AttachmentRow[]> {
      return db
        .select()
        .from(attachments)
        .where(eq(attachments.invoiceId, invoiceId))
        .orderBy(asc(attachments.createdAt), asc(attachments.position));
    },

    async payments(invoiceId: string): Promise<PaymentDto[]> {
      const rows = await db
        .select({ payment: invoicePayments, byName: users.name })
        .from(invoicePayments)
        .leftJoin(users, eq(users.id, invoicePayments.recordedBy))
        .where(eq(invoicePayments.invoiceId, invoiceId))
        .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
      return rows.map(({ payment, byName }) => ({
        id: payment.id,
        invoiceId: payment.invoiceId,
        amount: payment.amount,
        paidOn: payment.paidOn,
        method: payment.method,
        reference: payment.reference,
        recordedBy: payment.recordedBy ? { id: payment.recordedBy, name: byName ?? '' } : null,
        createdAt: payment.createdAt.toISOString(),
      }));
    },

    /** Records a payment and adds it to the invoice's amount paid (invoice locked); answers the payment's id. */
    async insertPayment(payment: {
      invoiceId: string;
      amount: number;
      paidOn: string;
      method: PaymentMethod;
      reference: string | null;
      recordedBy: string;
      status: InvoiceStatus;
    }): Promise<string> {
      const { status, ...values } = payment;
      const [row] = await db.insert(invoicePayments).values(values).returning({ id: invoicePayments.id });
      await db
        .update(vendorInvoices)
        .set({
          amountPaid: sql`${vendorInvoices.amountPaid} + ${payment.amount}`,
          status,
          updatedAt: new Date(),
        })
        .where(eq(vendorInvoices.id, payment.invoiceId));
      return row!.id;
    },

    async setStatus(id: string, status: InvoiceStatus) {
      await db.update(vendorInvoices).set({ status, updatedAt: new Date() }).where(eq(vendorInvoices.id, id));
    },

    /** Whether every invoice of the order that counts is paid (rejected ones aside) and at least one is. */
    async orderSettled(purchaseOrderId: string): Promise<boolean> {
      const [row] = await db
        .select({
          open: sql<number>`count(*) filter (where ${vendorInvoices.status} not in ('paid', 'rejected'))::int`,
          paid: sql<number>`count(*) filter (where ${vendorInvoices.status} = 'paid')::int`,
        })
        .from(vendorInvoices)
        .where(eq(vendorInvoices.purchaseOrderId, purchaseOrderId));
      return Number(row?.open ?? 0) === 0 && Number(row?.paid ?? 0) > 0;
    },

    /** The vendor of an invoice's file (file access). */
    async ofFile(invoiceId: string) {
      const [row] = await db
        .select({ vendorId: vendorInvoices.vendorId })
        .from(vendorInvoices)
        .where(eq(vendorInvoices.id, invoiceId));
      return row ?? null;
    },
  };
}

/** Adds (or with sign −1 takes off) an invoice's quantities to what was billed on its order's lines. */
async function addBilled(db: Db, purchaseOrderId: string, invoiceId: string, sign: 1 | -1) {
  const billed = db
    .select({ itemId: vendorInvoiceItems.itemId, quantity: vendorInvoiceItems.quantity })
    .from(vendorInvoiceItems)
    .where(eq(vendorInvoiceItems.invoiceId, invoiceId));
  const rows = await billed;
  for (const row of rows) {
    await db
      .update(purchaseOrderItems)
      .set({ quantityInvoiced: sql`${purchaseOrderItems.quantityInvoiced} + ${sign * row.quantity}` })
      .where(
        and(
          eq(purchaseOrderItems.purchaseOrderId, purchaseOrderId),
          inArray(purchaseOrderItems.itemId, [row.itemId]),
        ),
      );
  }
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
