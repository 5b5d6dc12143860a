import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  ListedNegotiationDto,
  ListedNegotiationItem,
  NegotiationDto,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import type { RfqStatus } from '@trowel/shared/procurement/rfq.machine.ts';
import type { NegotiationStatus } from '@trowel/shared/workflow/negotiation.machine.ts';
import type { Db } from '../../../db/client.ts';
import { executePrepared } from '../../../db/prepared.ts';
import { batchedGroups, idArray } from '../../../db/batched-reads.ts';
import { queryRows } from '../../../db/raw.ts';
import {
  negotiationItems,
  negotiations,
  rfqItems,
  rfqs,
  rfqVendors,
  vendorResponseItems,
  vendorResponses,
  vendors,
  type NegotiationRow,
} from '../../../db/schema.ts';

/** The RFQ as a negotiation step needs it, read under a row lock. */
export interface LockedRfq {
  id: string;
  number: number;
  title: string;
  projectId: string | null;
  status: RfqStatus;
  sealed: boolean;
  openedAt: Date | null;
}

/** A vendor as invited to one RFQ. */
export interface RfqVendor {
  id: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  contactPerson: string;
  status: string;
  invited: boolean;
}

export interface QuotedItem {
  itemId: string;
  position: number;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
}

export interface NewNegotiationItem {
  itemId: string;
  position: number;
  originalUnitPrice: number;
  originalTotalPrice: number;
  negotiatedUnitPrice: number;
  negotiatedTotalPrice: number;
  notes: string;
}

interface NegotiationJsonRow {
  id: string;
  number: number;
  rfq_id: string;
  vendor_id: string;
  vendor_name: string;
  vendor_email: string;
  negotiated_by_id: string | null;
  negotiated_by_name: string | null;
  status: NegotiationStatus;
  is_counter_offer: boolean;
  original_negotiation_id: string | null;
  original_total: string | number;
  total_amount: string | number;
  notes: string;
  rejection_reason: string | null;
  counter_total: string | number | null;
  counter_notes: string | null;
  responded_at: string | Date | null;
  created_at: string | Date;
  items:
    | Array<{
        id: string;
        itemId: string;
        name: string;
        description: string;
        quantity: number;
        unit: string;
        originalUnitPrice: number;
        originalTotalPrice: number;
        negotiatedUnitPrice: number;
        negotiatedTotalPrice: number;
        negotiationNotes: string;
        counterUnitPrice: number | null;
        counterTotalPrice: number | null;
      }>
    | string
    | null;
  item_count: number;
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();
const num = (value: string | number) => Number(value);
const numOrNull = (value: string | number | null) => (value === null ? null : Number(value));

type JsonItems = Exclude<NegotiationJsonRow['items'], string | null>;

const parsed = (items: NegotiationJsonRow['items']) =>
  typeof items === 'string' ? (JSON.parse(items) as JsonItems) : items;

/** An item without its own id: within one negotiation, its RFQ item's id names it. */
function toListedItem(item: JsonItems[number]): ListedNegotiationItem {
  return {
    itemId: item.itemId,
    item: { name: item.name, description: item.description, quantity: item.quantity, unit: item.unit },
    originalUnitPrice: item.originalUnitPrice,
    originalTotalPrice: item.originalTotalPrice,
    negotiatedUnitPrice: item.negotiatedUnitPrice,
    negotiatedTotalPrice: item.negotiatedTotalPrice,
    negotiationNotes: item.negotiationNotes,
    counterUnitPrice: item.counterUnitPrice,
    counterTotalPrice: item.counterTotalPrice,
  };
}

function toSummary(row: NegotiationJsonRow): Omit<NegotiationDto, 'items'> {
  return {
    id: row.id,
    number: row.number,
    rfqId: row.rfq_id,
    vendorId: row.vendor_id,
    vendor: { id: row.vendor_id, name: row.vendor_name, email: row.vendor_email },
    negotiatedBy: row.negotiated_by_id
      ? { id: row.negotiated_by_id, name: row.negotiated_by_name ?? '' }
      : null,
    status: row.status,
    isCounterOffer: row.is_counter_offer,
    originalNegotiationId: row.original_negotiation_id,
    originalTotal: num(row.original_total),
    totalAmount: num(row.total_amount),
    negotiationNotes: row.notes,
    rejectionReason: row.rejection_reason,
    counterTotalAmount: numOrNull(row.counter_total),
    counterNotes: row.counter_notes,
    respondedAt: row.responded_at ? iso(row.responded_at) : null,
    createdAt: iso(row.created_at),
  };
}

function toDto(row: NegotiationJsonRow): NegotiationDto {
  const items = parsed(row.items) ?? [];
  return { ...toSummary(row), items: items.map((item) => ({ id: item.id, ...toListedItem(item) })) };
}

function toListedDto(row: NegotiationJsonRow): ListedNegotiationDto {
  const items = parsed(row.items);
  return {
    ...toSummary(row),
    ...(items ? { items: items.map(toListedItem) } : {}),
    itemCount: row.item_count,
  };
}

/**
 * Negotiations with their items as JSON, one row each: an RFQ's threads (20 vendors × 5 rounds × 100
 * items) are one round trip. With `latestItemsOnly`, only the latest round with each vendor brings its
 * items (null for the others).
 */
function negotiationsQuery(where: ReturnType<typeof sql>, latestItemsOnly = false) {
  const earlierRound = latestItemsOnly
    ? sql`exists (select 1 from negotiations later
        where later.rfq_id = n.rfq_id and later.vendor_id = n.vendor_id
          and (later.created_at, later.number) > (n.created_at, n.number))`
    : sql`false`;
  return sql`
    select n.id, n.number, n.rfq_id, n.vendor_id, v.name as vendor_name, v.email as vendor_email,
      u.id as negotiated_by_id, u.name as negotiated_by_name, n.status, n.is_counter_offer,
      n.original_negotiation_id, n.original_total, n.total_amount, n.notes, n.rejection_reason,
      n.counter_total, n.counter_notes, n.responded_at, n.created_at,
      (select count(*)::int from negotiation_items c where c.negotiation_id = n.id) as item_count,
      case when ${earlierRound} then null else coalesce((
        select json_agg(json_build_object(
          'id', ni.id, 'itemId', ni.item_id, 'name', i.name, 'description', i.description,
          'quantity', i.quantity::float8, 'unit', i.unit,
          'originalUnitPrice', ni.original_unit_price::float8, 'originalTotalPrice', ni.original_total_price::float8,
          'negotiatedUnitPrice', ni.negotiated_unit_price::float8,
          'negotiatedTotalPrice', ni.negotiated_total_price::float8,
          'negotiationNotes', ni.notes,
          'counterUnitPrice', ni.counter_unit_price::float8, 'counterTotalPrice', ni.counter_total_price::float8
        ) order by ni.position)
        from negotiation_items ni join rfq_items i on i.id = ni.item_id
        where ni.negotiation_id = n.id
      ), '[]'::json) end as items
    from negotiations n
    join vendors v on v.id = n.vendor_id
    left join users u on u.id = n.negotiated_by
    where ${where}
    order by n.created_at, n.number`;
}

/** Negotiations, their items, and what a negotiation step reads of RFQs, vendors and quotes. */
export function negotiationsRepository(db: Db) {
  const threadsOfRfqs = batchedGroups(
    (rfqIds) =>
      executePrepared<NegotiationJsonRow>(
        db,
        negotiationsQuery(sql`n.rfq_id = any(${idArray(rfqIds)}::uuid[])`, true),
      ),
    (row) => row.rfq_id,
  );
  return {
    /** The RFQ locked for the rest of the transaction, or null. */
    async lockRfq(rfqId: string): Promise<LockedRfq | null> {
      const [row] = await db
        .select({
          id: rfqs.id,
          number: rfqs.number,
          title: rfqs.title,
          projectId: rfqs.projectId,
          status: rfqs.status,
          sealed: rfqs.sealed,
          openedAt: rfqs.openedAt,
        })
        .from(rfqs)
        .where(eq(rfqs.id, rfqId))
        .for('update');
      return row ?? null;
    },

    async rfqExists(rfqId: string): Promise<boolean> {
      const [row] = await db.select({ id: rfqs.id }).from(rfqs).where(eq(rfqs.id, rfqId));
      return Boolean(row);
    },

    /** A vendor and whether the RFQ was sent to them, or null for an unknown vendor. */
    async vendorOnRfq(rfqId: string, vendorId: string): Promise<RfqVendor | null> {
      const [row] = await db
        .select({
          id: vendors.id,
          userId: vendors.userId,
          name: vendors.name,
          email: vendors.email,
          phone: vendors.phone,
          contactPerson: vendors.contactPerson,
          status: vendors.status,
          invited: sql<boolean>`${rfqVendors.vendorId} is not null`,
        })
        .from(vendors)
        .leftJoin(rfqVendors, and(eq(rfqVendors.vendorId, vendors.id), eq(rfqVendors.rfqId, rfqId)))
        .where(eq(vendors.id, vendorId));
      return row ?? null;
    },

    /** The vendor record of a vendor's sign-in account. */
    async vendorIdOfUser(userId: string): Promise<string | null> {
      const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
      return row?.id ?? null;
    },

    /** Every item of the RFQ with the vendor's quoted price, in order; empty when they did not quote. */
    async quote(rfqId: string, vendorId: string) {
      const [response] = await db
        .select({ id: vendorResponses.id, totalAmount: vendorResponses.totalAmount })
        .from(vendorResponses)
        .where(and(eq(vendorResponses.rfqId, rfqId), eq(vendorResponses.vendorId, vendorId)));
      if (!response) return null;
      const items: QuotedItem[] = await db
        .select({
          itemId: rfqItems.id,
          position: rfqItems.position,
          quantity: rfqItems.quantity,
          unitPrice: vendorResponseItems.unitPrice,
          totalPrice: vendorResponseItems.totalPrice,
        })
        .from(rfqItems)
        .innerJoin(
          vendorResponseItems,
          and(eq(vendorResponseItems.itemId, rfqItems.id), eq(vendorResponseItems.responseId, response.id)),
        )
        .where(eq(rfqItems.rfqId, rfqId))
        .orderBy(asc(rfqItems.position));
      const [{ itemCount } = { itemCount: 0 }] = await db
        .select({ itemCount: sql<number>`count(*)::int` })
        .from(rfqItems)
        .where(eq(rfqItems.rfqId, rfqId));
      return { totalAmount: response.totalAmount, items, itemCount: Number(itemCount) };
    },

    async hasAwaiting(rfqId: string, vendorId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: negotiations.id })
        .from(negotiations)
        .where(
          and(
            eq(negotiations.rfqId, rfqId),
            eq(negotiations.vendorId, vendorId),
            eq(negotiations.status, 'pending_vendor_response'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insert(
      values: Omit<typeof negotiations.$inferInsert, 'id' | 'number' | 'createdAt'>,
      items: readonly NewNegotiationItem[],
    ): Promise<NegotiationRow> {
      // The next round with this vendor on this RFQ; the caller holds the RFQ's row lock.
      const number = sql<number>`(select coalesce(max(${negotiations.number}), 0) + 1 from ${negotiations}
        where ${negotiations.rfqId} = ${values.rfqId} and ${negotiations.vendorId} = ${values.vendorId})`;
      const [row] = await db
        .insert(negotiations)
        .values({ ...values, number })
        .returning();
      await db.insert(negotiationItems).values(items.map((item) => ({ ...item, negotiationId: row!.id })));
      return row!;
    },

    /** A negotiation of an RFQ, locked for the rest of the transaction, with its vendor's account. */
    async lock(rfqId: string, negotiationId: string) {
      const [row] = await db
        .select({ negotiation: negotiations, vendorUserId: vendors.userId, vendorName: vendors.name })
        .from(negotiations)
        .innerJoin(vendors, eq(vendors.id, negotiations.vendorId))
        .where(and(eq(negotiations.id, negotiationId), eq(negotiations.rfqId, rfqId)))
        .for('update', { of: negotiations });
      return row ?? null;
    },

    /** Who a negotiation is addressed to, without a lock (the route's object check). */
    async addressee(rfqId: string, negotiationId: string) {
      const [row] = await db
        .select({ vendorUserId: vendors.userId })
        .from(negotiations)
        .innerJoin(vendors, eq(vendors.id, negotiations.vendorId))
        .where(and(eq(negotiations.id, negotiationId), eq(negotiations.rfqId, rfqId)));
      return row ?? null;
    },

    async items(negotiationId: string) {
      return db
        .select({
          itemId: negotiationItems.itemId,
          quantity: rfqItems.quantity,
        })
        .from(negotiationItems)
        .innerJoin(rfqItems, eq(rfqItems.id, negotiationItems.itemId))
        .where(eq(negotiationItems.negotiationId, negotiationId))
        .orderBy(asc(negotiationItems.position));
    },

    /** The offers on an RFQ still awaiting their vendors, locked (the caller holds the RFQ's lock). */
    async lockAwaiting(rfqId: string) {
      return queryRows<{ id: string; number: number; status: NegotiationStatus; vendorUserId: string }>(
        db,
        sql`select n.id, n.number, n.status, v.user_id as "vendorUserId"
          from negotiations n join vendors v on v.id = n.vendor_id
          where n.rfq_id = ${rfqId} and n.status = 'pending_vendor_response'
          order by n.number
          for update of n`,
      );
    },

    /** A negotiation's new status, written by the step that moves it (a withdrawal). */
    async setStatus(negotiationId: string, status: NegotiationStatus) {
      await db.update(negotiations).set({ status }).where(eq(negotiations.id, negotiationId));
    },

    /** The vendor's answer: the new status and, for a reject or counter, what they said. */
    async answer(
      negotiationId: string,
      answer: {
        status: NegotiationStatus;
        rejectionReason?: string | null;
        counterTotal?: number;
        counterNotes?: string;
      },
    ) {
      await db
        .update(negotiations)
        .set({ ...answer, respondedAt: sql`now()` })
        .where(eq(negotiations.id, negotiationId));
    },

    async setCounterPrices(
      negotiationId: string,
      items: ReadonlyArray<{ itemId: string; counterUnitPrice: number; counterTotalPrice: number }>,
    ) {
      for (const item of items) {
        await db
          .update(negotiationItems)
          .set({ counterUnitPrice: item.counterUnitPrice, counterTotalPrice: item.counterTotalPrice })
          .where(
            and(eq(negotiationItems.negotiationId, negotiationId), eq(negotiationItems.itemId, item.itemId)),
          );
      }
    },

    /** The vendor's latest negotiation on an RFQ (what final terms are approved on). */
    async latestOfVendor(rfqId: string, vendorId: string) {
      const [row] = await db
        .select({ id: negotiations.id })
        .from(negotiations)
        .where(and(eq(negotiations.rfqId, rfqId), eq(negotiations.vendorId, vendorId)))
        .orderBy(sql`${negotiations.createdAt} desc, ${negotiations.number} desc`)
        .limit(1);
      return row?.id ?? null;
    },

    async findDto(negotiationId: string): Promise<NegotiationDto | null> {
      const [row] = await queryRows<NegotiationJsonRow>(db, negotiationsQuery(sql`n.id = ${negotiationId}`));
      return row ? toDto(row) : null;
    },

    /** Every negotiation on an RFQ (with one vendor, when named), oldest first, each with its items. */
    async forRfq(rfqId: string, vendorId?: string): Promise<NegotiationDto[]> {
      const where = vendorId
        ? sql`n.rfq_id = ${rfqId} and n.vendor_id = ${vendorId}`
        : sql`n.rfq_id = ${rfqId}`;
      const rows = await queryRows<NegotiationJsonRow>(db, negotiationsQuery(where));
      return rows.map(toDto);
    },

    /**
     * The staff's threads on an RFQ, oldest first: items on the latest round with each vendor only.
     * Read with every staff RFQ answer: prepared (its text never changes), and the RFQs asked for in
     * one turn are read by one statement.
     */
    async threadsOfRfq(rfqId: string): Promise<ListedNegotiationDto[]> {
      return (await threadsOfRfqs(rfqId)).map(toListedDto);
    },
  };
}

export type NegotiationsRepository = ReturnType<typeof negotiationsRepository>;
