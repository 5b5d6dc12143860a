import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PurchaseOrderStatus } from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { maxReceivable } from '@trowel/shared/purchase-orders/delivery-quantities.ts';
import {
  purchaseOrderNumber,
  type PurchaseOrderDto,
  type PurchaseOrderItem,
  type PurchaseOrderSummary,
} from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { sumNaira } from '@trowel/shared/money/kobo.ts';
import { lineTotal } from '@trowel/shared/money/line-total.ts';
import type { Db } from '../../../db/client.ts';
import { inline, preparedStatements, type Bind } from '../../../db/prepared.ts';
import { queryRows } from '../../../db/raw.ts';
import { countOf, inOrderOf, timeKeyDirectory, type PageStart } from '../../../db/created-directory.ts';
import { idsByPage, pageIdsTogether, pagesIds, pagesValues } from '../../../db/pages-together.ts';
import {
  batchedGroups,
  batchedGroupsOfMany,
  batchedVisibleReads,
  idArray,
  inIds,
} from '../../../db/batched-reads.ts';
import { projects, purchaseOrderItems, purchaseOrders, rfqs, users, vendors } from '../../../db/schema.ts';
import { isUuid } from '../../../lib/uuid.ts';

interface AgreedItemRow {
  item_id: string;
  position: number;
  name: string;
  description: string;
  quantity: string | number;
  unit: string;
  unit_price: string | number | null;
  negotiation_id: string | null;
}

/**
 * What a list or detail may show: everything (procurement staff, accountant, stores), one vendor's
 * orders, or the orders of the projects one person leads.
 */
export interface PurchaseOrderScope {
  vendorId: string | null;
  leadId?: string | null;
}

export interface PurchaseOrderFilter {
  rfqId?: string | undefined;
  status?: PurchaseOrderStatus | undefined;
}

/** What changes the text of `scoped` without a filter: every order, a vendor's, or a lead's projects'. */
const scopeShape = (scope: PurchaseOrderScope) => (scope.vendorId ? 'vendor' : scope.leadId ? 'lead' : 'all');

/** Readers who see the same orders: the reads they ask for in one turn can share a statement. */
const scopeKey = (scope: PurchaseOrderScope) =>
  JSON.stringify([scopeShape(scope), scope.vendorId ?? null, scope.leadId ?? null]);

/** The projects a person leads, as a subquery. */
const ledProjects = (leadId: string) =>
  sql`(select ${projects.id} from ${projects} where ${projects.projectLeadId} = ${leadId})`;

const scoped = (scope: PurchaseOrderScope, filter: PurchaseOrderFilter = {}, bind: Bind = inline) => {
  const conditions: SQL[] = [];
  if (scope.vendorId)
    conditions.push(eq(purchaseOrders.vendorId, bind('vendorId', scope.vendorId) as string));
  if (scope.leadId) {
    conditions.push(inArray(purchaseOrders.projectId, ledProjects(bind('leadId', scope.leadId) as string)));
  }
  if (filter.rfqId) conditions.push(eq(purchaseOrders.rfqId, bind('rfqId', filter.rfqId) as string));
  if (filter.status) {
    conditions.push(eq(purchaseOrders.status, bind('status', filter.status) as PurchaseOrderStatus));
  }
  return conditions.length ? and(...conditions) : undefined;
};

/** The orders list as one reader pages through it: what one statement can read several pages of. */
interface OrdersList {
  scope: PurchaseOrderScope;
  filter: PurchaseOrderFilter;
  limit: number;
}

/** An order locked for a delivery or a step, with its lines and what came of them so far. */
export interface LockedPurchaseOrder {
  id: string;
  number: number;
  status: PurchaseOrderStatus;
  projectId: string | null;
  vendorId: string;
  vendorUserId: string | null;
  lines: Array<{
    itemId: string;
    name: string;
    unit: string;
    quantity: number;
    unitPrice: number;
    quantityReceived: number;
    quantityRejected: number;
    quantityInvoiced: number;
  }>;
}

/** Orders are listed newest approved first, ties broken by id. */
const ORDER_KEY = { createdAt: purchaseOrders.approvedAt, id: purchaseOrders.id };

const summaryColumns = {
  id: purchaseOrders.id,
  number: purchaseOrders.number,
  rfqId: rfqs.id,
  rfqTitle: rfqs.title,
  projectId: projects.id,
  projectTitle: projects.title,
  vendorId: vendors.id,
  vendorName: vendors.name,
  totalAmount: purchaseOrders.totalAmount,
  status: purchaseOrders.status,
  approvedAt: purchaseOrders.approvedAt,
  negotiationId: purchaseOrders.negotiationId,
};

type SummaryRow = {
  id: string;
  number: number;
  rfqId: string;
  rfqTitle: string;
  projectId: string | null;
  projectTitle: string | null;
  vendorId: string;
  vendorName: string;
  totalAmount: number;
  status: PurchaseOrderStatus;
  approvedAt: Date;
  negotiationId: string | null;
};

function toSummary(row: SummaryRow): PurchaseOrderSummary {
  return {
    id: row.id,
    number: row.number,
    poNumber: purchaseOrderNumber(row.number),
    rfq: { id: row.rfqId, title: row.rfqTitle },
    project: row.projectId ? { id: row.projectId, title: row.projectTitle ?? '' } : null,
    vendor: { id: row.vendorId, name: row.vendorName },
    totalAmount: row.totalAmount,
    status: row.status,
    approvedAt: row.approvedAt.toISOString(),
    negotiationId: row.negotiationId,
  };
}

/** Purchase orders: made once per approved RFQ, at the agreed prices, and read by staff and their vendor. */
export function purchaseOrdersRepository(db: Db) {
  // Statements prepared once per shape: neither the query builder nor the planner runs per request.
  const prepared = preparedStatements('purchase_orders');
  const base = () =>
    db
      .select(summaryColumns)
      .from(purchaseOrders)
      .innerJoin(rfqs, eq(rfqs.id, purchaseOrders.rfqId))
      .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .leftJoin(projects, eq(projects.id, purchaseOrders.projectId));

  /** The rows of list pages by id, for every page read in the same turn (see `batchedGroupsOfMany`). */
  const pageRows = batchedGroupsOfMany(
    (ids) =>
      prepared('page_rows', { ids: idArray(ids) }, (bind) =>
        base().where(inIds(purchaseOrders.id, bind, ids)),
      ),
    (row) => row.id,
  );

  /**
   * The ids of list pages of one scope and filter asked for in the same turn, newest first, in one
   * statement (see `pageIdsTogether`).
   */
  const pageIdsOf = pageIdsTogether(
    ({ scope, filter, limit }: OrdersList) =>
      JSON.stringify([scope.vendorId ?? null, scope.leadId ?? null, filter, limit]),
    async ({ scope, filter, limit }, starts) => {
      const shape = `pages_${scopeShape(scope)}${filter.rfqId ? '_rfq' : ''}${filter.status ? '_status' : ''}`;
      const values = {
        vendorId: scope.vendorId,
        leadId: scope.leadId,
        rfqId: filter.rfqId,
        status: filter.status,
        ...pagesValues(starts, true, limit),
      };
      const rows = await prepared(shape, values, (bind) =>
        pagesIds(db, purchaseOrders, ORDER_KEY, scoped(scope, filter, bind), true, values, bind),
      );
      return idsByPage(rows, starts.length);
    },
  );

  /** An order's lines in their order; the orders asked for in one turn are read by one statement. */
  const linesOf = batchedGroups(
    (orderIds) =>
      prepared('lines_of_orders', { ids: idArray(orderIds) }, (bind) =>
        db
          .select({
            purchaseOrderId: purchaseOrderItems.purchaseOrderId,
            itemId: purchaseOrderItems.itemId,
            name: purchaseOrderItems.name,
            description: purchaseOrderItems.description,
            quantity: purchaseOrderItems.quantity,
            unit: purchaseOrderItems.unit,
            unitPrice: purchaseOrderItems.unitPrice,
            totalPrice: purchaseOrderItems.totalPrice,
            priceSource: purchaseOrderItems.priceSource,
            quantityReceived: purchaseOrderItems.quantityReceived,
            quantityRejected: purchaseOrderItems.quantityRejected,
            quantityInvoiced: purchaseOrderItems.quantityInvoiced,
          })
          .from(purchaseOrderItems)
          .where(inIds(purchaseOrderItems.purchaseOrderId, bind, orderIds))
          .orderBy(purchaseOrderItems.position),
      ),
    (line) => line.purchaseOrderId,
  );

  /**
   * Orders with their vendor's contact and approver, by id within a scope: the orders asked for in one
   * turn within the same scope are read by one statement.
   */
  const detailOf = batchedVisibleReads(
    (scope: PurchaseOrderScope) => scopeKey(scope),
    async (scope, ids) => {
      const values = { ids: idArray(ids), vendorId: scope.vendorId, leadId: scope.leadId };
      const rows = await prepared(`find_many_${scopeShape(scope)}`, values, (bind) =>
        db
          .select({
            ...summaryColumns,
            contactPerson: vendors.contactPerson,
            email: vendors.email,
            phone: vendors.phone,
            address: vendors.address,
            approvedById: users.id,
            approvedByName: users.name,
          })
          .from(purchaseOrders)
          .innerJoin(rfqs, eq(rfqs.id, purchaseOrders.rfqId))
          .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
          .leftJoin(projects, eq(projects.id, purchaseOrders.projectId))
          .leftJoin(users, eq(users.id, purchaseOrders.approvedBy))
          .where(and(inIds(purchaseOrders.id, bind, ids), scoped(scope, {}, bind))),
      );
      return new Map(rows.map((row) => [row.id, row]));
    },
  );

  /**
   * The orders of RFQs within a scope (an RFQ has one at most): the RFQs asked for in one turn within
   * the same scope are read by one statement.
   */
  const ofRfqs = batchedVisibleReads(
    (scope: PurchaseOrderScope) => scopeKey(scope),
    async (scope, rfqIds) => {
      // An id that is no uuid matches nothing, and must not fail the read of the others.
      const ids = rfqIds.filter(isUuid);
      if (ids.length === 0) return new Map<string, SummaryRow>();
      const values = { ids: idArray(ids), vendorId: scope.vendorId, leadId: scope.leadId };
      const rows = await prepared(`of_rfqs_${scopeShape(scope)}`, values, (bind) =>
        base().where(and(inIds(purchaseOrders.rfqId, bind, ids), scoped(scope, {}, bind))),
      );
      return new Map(rows.map((row) => [row.rfqId, row]));
    },
  );

  return {
    /**
     * Makes the purchase order of an RFQ just approved with `vendorId`, in the caller's transaction:
     * each item at its agreed price, that of the vendor's latest accepted negotiation answered after
     * their quote was last changed, else their quote.
     */
    async createForApprovedRfq(input: { rfqId: string; vendorId: string; approvedBy: string }) {
      const rows = await queryRows<AgreedItemRow>(
        db,
        sql`
        with quote as (
          select id, greatest(submitted_at, updated_at) as changed_at
          from vendor_responses where rfq_id = ${input.rfqId} and vendor_id = ${input.vendorId}
        ), accepted as (
          select n.id from negotiations n, quote q
          where n.rfq_id = ${input.rfqId} and n.vendor_id = ${input.vendorId}
            and n.status = 'vendor_accepted' and n.responded_at >= q.changed_at
          order by n.responded_at desc, n.number desc limit 1
        )
        select i.id as item_id, i.position, i.name, i.description, i.quantity, i.unit,
          coalesce(ni.negotiated_unit_price, vri.unit_price) as unit_price,
          case when ni.negotiated_unit_price is not null then ni.negotiation_id end as negotiation_id
        from rfq_items i
        left join vendor_response_items vri on vri.item_id = i.id and vri.response_id = (select id from quote)
        left join negotiation_items ni on ni.item_id = i.id and ni.negotiation_id = (select id from accepted)
        where i.rfq_id = ${input.rfqId}
        order by i.position`,
      );
      if (rows.length === 0 || rows.some((row) => row.unit_price === null)) return null;
      const items = rows.map((row) => {
        const unitPrice = Number(row.unit_price);
        const quantity = Number(row.quantity);
        return {
          itemId: row.item_id,
          position: row.position,
          name: row.name,
          description: row.description,
          quantity,
          unit: row.unit,
          unitPrice,
          totalPrice: lineTotal(quantity, unitPrice),
          priceSource: row.negotiation_id ? ('negotiation' as const) : ('quote' as const),
        };
      });
      const negotiationId = rows.find((row) => row.negotiation_id)?.negotiation_id ?? null;
      const [rfq] = await db.select({ projectId: rfqs.projectId }).from(rfqs).where(eq(rfqs.id, input.rfqId));
      const [order] = await db
        .insert(purchaseOrders)
        .values({
          rfqId: input.rfqId,
          vendorId: input.vendorId,
          projectId: rfq?.projectId ?? null,
          negotiationId,
          totalAmount: sumNaira(items.map((item) => item.totalPrice)),
          approvedBy: input.approvedBy,
        })
        .returning({
          id: purchaseOrders.id,
          number: purchaseOrders.number,
          totalAmount: purchaseOrders.totalAmount,
        })
        // One order per RFQ: one it has already is kept, and none is made.
        .onConflictDoNothing({ target: purchaseOrders.rfqId });
      if (!order) return null;
      await db
        .insert(purchaseOrderItems)
        .values(items.map((item) => ({ ...item, purchaseOrderId: order.id })));
      return { ...order, poNumber: purchaseOrderNumber(order.number) };
    },

    /**
     * A page of orders, newest first, from a key of the list's directory (or its start), skipping
     * `start.skip` orders. Its ids come first, from the order's own columns and indexes, with those of
     * the pages others ask for at the same moment; the page's rows are then read by id in a statement
     * that keeps one plan for any page.
     */
    async page(scope: PurchaseOrderScope, filter: PurchaseOrderFilter, start: PageStart, limit: number) {
      const ids = await pageIdsOf({ scope, filter, limit }, start);
      if (ids.length === 0) return [];
      const rows = await pageRows(ids);
      return inOrderOf(ids, rows, (row) => row.id).map(toSummary);
    },

    /** How many orders the scope and filter hold. */
    count(scope: PurchaseOrderScope, filter: PurchaseOrderFilter) {
      return countOf(db, purchaseOrders, scoped(scope, filter));
    },

    /** The directory of the orders the scope and filter hold, newest first (see created-directory.ts). */
    directory(scope: PurchaseOrderScope, filter: PurchaseOrderFilter) {
      return timeKeyDirectory(db, purchaseOrders, ORDER_KEY, scoped(scope, filter), true);
    },

    /** The order of an RFQ, if it was approved (what the RFQ's answers carry). */
    async summaryOfRfq(rfqId: string, scope: PurchaseOrderScope): Promise<PurchaseOrderSummary | null> {
      const row = await ofRfqs(scope, rfqId);
      return row ? toSummary(row) : null;
    },

    /**
     * One order with its items and what came of each (received, rejected, what the stores may still
     * accept with `tolerancePercent`), or null when it does not exist or is not in the scope.
     */
    async find(
      id: string,
      scope: PurchaseOrderScope,
      tolerancePercent = 0,
    ): Promise<PurchaseOrderDto | null> {
      // The lines are read beside the order (and dropped with it when it is not in the scope).
      const [row, lines] = await Promise.all([detailOf(scope, id), linesOf(id)]);
      if (!row) return null;
      const open = row.status === 'issued' || row.status === 'partially_received';
      // Each field named: copying a row less one field by rest and spread is some thirty times as slow
      // on Node 20 (see docs/decisions.md, "Fields added before a spread").
      const items: PurchaseOrderItem[] = lines.map((line) => ({
        itemId: line.itemId,
        name: line.name,
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        unitPrice: line.unitPrice,
        totalPrice: line.totalPrice,
        priceSource: line.priceSource,
        quantityReceived: line.quantityReceived,
        quantityRejected: line.quantityRejected,
        quantityInvoiced: line.quantityInvoiced,
        quantityReceivable: open
          ? Math.max(0, maxReceivable(line.quantity, tolerancePercent) - line.quantityReceived)
          : 0,
      }));
      const summary = toSummary(row);
      return {
        ...summary,
        vendor: {
          id: row.vendorId,
          name: row.vendorName,
          contactPerson: row.contactPerson,
          email: row.email,
          phone: row.phone,
          address: row.address,
        },
        items,
        approvedBy: row.approvedById ? { id: row.approvedById, name: row.approvedByName ?? '' } : null,
        currency: 'NGN',
        deliveryTolerancePercent: tolerancePercent,
        history: [],
      };
    },

    /**
     * The order locked for the rest of the transaction (select … for update) with its lines, or null
     * when it does not exist or is not in the scope: deliveries and steps of one order go one by one.
     */
    async lock(id: string, scope: PurchaseOrderScope): Promise<LockedPurchaseOrder | null> {
      const [order] = await db
        .select({
          id: purchaseOrders.id,
          number: purchaseOrders.number,
          status: purchaseOrders.status,
          projectId: purchaseOrders.projectId,
          vendorId: purchaseOrders.vendorId,
        })
        .from(purchaseOrders)
        .where(and(eq(purchaseOrders.id, id), scoped(scope)))
        .for('update');
      if (!order) return null;
      const [vendor] = await db
        .select({ userId: vendors.userId })
        .from(vendors)
        .where(eq(vendors.id, order.vendorId));
      const lines = await db
        .select({
          itemId: purchaseOrderItems.itemId,
          name: purchaseOrderItems.name,
          unit: purchaseOrderItems.unit,
          quantity: purchaseOrderItems.quantity,
          unitPrice: purchaseOrderItems.unitPrice,
          quantityReceived: purchaseOrderItems.quantityReceived,
          quantityRejected: purchaseOrderItems.quantityRejected,
          quantityInvoiced: purchaseOrderItems.quantityInvoiced,
        })
        .from(purchaseOrderItems)
        .where(eq(purchaseOrderItems.purchaseOrderId, id))
        .orderBy(purchaseOrderItems.position);
      return { ...order, vendorUserId: vendor?.userId ?? null, lines };
    },

    /** Adds a delivery's quantities to an order line (under the order's lock). */
    async addToLine(orderId: string, itemId: string, received: number, rejected: number) {
      await db
        .update(purchaseOrderItems)
        .set({
          quantityReceived: sql`${purchaseOrderItems.quantityReceived} + ${received}`,
          quantityRejected: sql`${purchaseOrderItems.quantityRejected} + ${rejected}`,
        })
        .where(and(eq(purchaseOrderItems.purchaseOrderId, orderId), eq(purchaseOrderItems.itemId, itemId)));
    },

    /** Writes an order's status (the workflow engine's apply). */
    async setStatus(id: string, status: PurchaseOrderStatus) {
      await db.update(purchaseOrders).set({ status }).where(eq(purchaseOrders.id, id));
    },

    /**
     * How many orders a vendor was awarded and their totals in whole kobo (summed in SQL, so exact); a
     * cancelled order is not counted: nothing will be bought on it.
     */
    async vendorTotals(vendorId: string): Promise<{ count: number; totalKobo: number }> {
      const [row] = await queryRows<{ count: number; totalKobo: string }>(
        db,
        sql`select count(*)::int as count, coalesce(sum(total_amount) * 100, 0)::bigint::text as "totalKobo"
            from purchase_orders where vendor_id = ${vendorId} and status <> 'cancelled'`,
      );
      return { count: Number(row?.count ?? 0), totalKobo: Number(row?.totalKobo ?? 0) };
    },

    async vendorIdOfUser(userId: string): Promise<string | null> {
      const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
      return row?.id ?? null;
    },
  };
}

export type PurchaseOrdersRepository = ReturnType<typeof purchaseOrdersRepository>;
