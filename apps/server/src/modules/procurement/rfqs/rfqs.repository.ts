import type { CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { RfqStatus } from '@trowel/shared/procurement/rfq.machine.ts';
import { VENDOR_FACING_STATUS_SQL, type VendorRfqStatus } from '@trowel/shared/procurement/rfq.labels.ts';
import type { VendorRfqFilter } from '@trowel/shared/procurement/rfq.schemas.ts';
import type { Db } from '../../../db/client.ts';
import {
  countOf,
  inOrderOf,
  pageIds,
  timeKeyDirectory,
  type PageStart,
} from '../../../db/created-directory.ts';
import { executePrepared, inline, preparedStatements } from '../../../db/prepared.ts';
import { idsByPage, pageIdsTogether, pagesIds, pagesValues } from '../../../db/pages-together.ts';
import {
  batchedGroups,
  batchedGroupsOfMany,
  batchedReads,
  idArray,
  inIds,
} from '../../../db/batched-reads.ts';
import { queryRows } from '../../../db/raw.ts';
import {
  attachments,
  projects,
  rfqItems,
  rfqOpenings,
  rfqs,
  rfqVendors,
  users,
  vendorResponseItems,
  vendorResponses,
  vendors,
  type AttachmentRow,
  type RfqRow,
} from '../../../db/schema.ts';
import { isUuid } from '../../../lib/uuid.ts';

export interface RfqListFilter {
  status?: RfqStatus | undefined;
  projectId?: string | undefined;
  vendorId?: string | undefined;
  search?: string | undefined;
}

/** An RFQ with its project's title and its creator's name. */
export interface RfqHead extends RfqRow {
  projectTitle: string | null;
  creatorName: string | null;
}

export interface RfqSummaryRow {
  id: string;
  number: number;
  title: string;
  description: string;
  projectId: string | null;
  projectTitle: string | null;
  status: RfqStatus;
  createdById: string | null;
  creatorName: string | null;
  createdAt: Date;
  dueDate: string | null;
  sealed: boolean;
  bidDeadline: Date | null;
  openedAt: Date | null;
  selectedVendorId: string | null;
  itemCount: number;
  vendorCount: number;
  responseCount: number;
}

export interface VendorRfqRow extends Omit<
  RfqSummaryRow,
  'vendorCount' | 'responseCount' | 'selectedVendorId'
> {
  totalAmount: string | null;
  hasResponded: boolean;
  isSelected: boolean;
}

/** The status the vendor is shown (rfq.labels.ts), over rfqs r, their invitation rv and their response vr. */
const vendorStatus = sql.raw(
  VENDOR_FACING_STATUS_SQL(
    'r.status',
    '(vr.id is not null)',
    '(r.selected_vendor_id = rv.vendor_id)',
    '(r.sealed and r.bid_deadline <= now())',
  ),
);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function staffWhere(filter: RfqListFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status) parts.push(sql`r.status = ${filter.status}`);
  if (filter.projectId) parts.push(sql`r.project_id = ${filter.projectId}`);
  if (filter.vendorId) {
    parts.push(
      sql`exists (select 1 from rfq_vendors rv where rv.rfq_id = r.id and rv.vendor_id = ${filter.vendorId})`,
    );
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const number = /^#?\d{1,9}$/.test(filter.search) ? Number(filter.search.replace('#', '')) : null;
    parts.push(
      sql`(r.title ilike ${pattern} or r.description ilike ${pattern}${number !== null ? sql` or r.number = ${number}` : sql``})`,
    );
  }
  return sql.join(parts, sql` and `);
}

function vendorWhere(vendorId: string, filter: VendorRfqFilter, search: string | undefined): SQL {
  const parts: SQL[] = [sql`rv.vendor_id = ${vendorId}`, sql`r.sent_at is not null`];
  if (filter === 'action_required') parts.push(sql`${vendorStatus} = 'pending_vendor_response'`);
  if (filter === 'submitted') parts.push(sql`vr.id is not null`);
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    parts.push(sql`(r.title ilike ${pattern} or r.description ilike ${pattern} or p.title ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/** The staff's list is newest first, ties broken by id. */
const RFQ_KEY = { createdAt: sql`r.created_at`, id: sql`r.id` };

const summaryColumns = sql`
  r.id, r.number, r.title, r.description, r.project_id as "projectId", p.title as "projectTitle",
  r.status, r.created_by as "createdById", u.name as "creatorName", r.created_at as "createdAt",
  r.due_date::text as "dueDate", r.sealed, r.bid_deadline as "bidDeadline", r.opened_at as "openedAt",
  (select count(*) from rfq_items i where i.rfq_id = r.id)::int as "itemCount"`;

/** A priced line of a quote. */
export interface QuoteLine {
  itemId: string;
  unitPrice: number;
  totalPrice: number;
  notes: string;
}

/** RFQs, their items, invitations and vendors' quotes: the only code that touches these tables. */
export function rfqsRepository(db: Db) {
  // Statements prepared once per shape: neither the query builder nor the planner runs per request.
  const prepared = preparedStatements('rfqs');
  /**
   * The rows of list pages with their counts, by id, for every page read in the same turn (see
   * `batchedGroupsOfMany`): a statement of its own, planned once.
   */
  const pageRows = batchedGroupsOfMany(
    (ids) =>
      executePrepared<RfqSummaryRow>(
        db,
        sql`select ${summaryColumns},
              r.selected_vendor_id as "selectedVendorId",
              (select count(*) from rfq_vendors v where v.rfq_id = r.id)::int as "vendorCount",
              (select count(*) from vendor_responses vr where vr.rfq_id = r.id)::int as "responseCount"
            from rfqs r
            left join projects p on p.id = r.project_id
            left join users u on u.id = r.created_by
            where r.id = any(${idArray(ids)}::uuid[])`,
      ),
    (row) => row.id,
  );
  /**
   * The ids of list pages of one filter asked for in the same turn, newest first, in one statement
   * (see `pageIdsTogether`); a search reads alone.
   */
  const pageIdsOf = pageIdsTogether(
    ({ filter, limit }: { filter: RfqListFilter; limit: number }) => JSON.stringify([filter, limit]),
    async ({ filter, limit }, starts) => {
      const values = pagesValues(starts, true, limit);
      const rows = await pagesIds(db, sql`rfqs r`, RFQ_KEY, staffWhere(filter), true, values, inline);
      return idsByPage(rows, starts.length);
    },
  );
  const head = () =>
    db
      .select({ rfq: rfqs, projectTitle: projects.title, creatorName: users.name })
      .from(rfqs)
      .leftJoin(projects, eq(projects.id, rfqs.projectId))
      .leftJoin(users, eq(users.id, rfqs.createdBy));
  const toHead = (row: { rfq: RfqRow; projectTitle: string | null; creatorName: string | null }) => ({
    ...row.rfq,
    projectTitle: row.projectTitle,
    creatorName: row.creatorName,
  });

  const find: (id: string) => Promise<RfqHead | null> = batchedReads(async (keys) => {
    // An id that is no uuid matches nothing, and must not fail the read of the others.
    const ids = keys.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await prepared('find_many', { ids: idArray(ids) }, (bind) =>
      head().where(inIds(rfqs.id, bind, ids)),
    );
    return new Map(rows.map((row) => [row.rfq.id, toHead(row)]));
  });
  const items = batchedGroups(
    (rfqIds) =>
      prepared('items_of_rfqs', { ids: idArray(rfqIds) }, (bind) =>
        db
          .select()
          .from(rfqItems)
          .where(inIds(rfqItems.rfqId, bind, rfqIds))
          .orderBy(asc(rfqItems.position)),
      ),
    (row) => row.rfqId,
  );
  const invitations = batchedGroups(
    (rfqIds) =>
      prepared('invitations_of_rfqs', { ids: idArray(rfqIds) }, (bind) =>
        db
          .select({
            rfqId: rfqVendors.rfqId,
            vendor: vendors,
            invitedAt: rfqVendors.invitedAt,
            responseId: vendorResponses.id,
          })
          .from(rfqVendors)
          .innerJoin(vendors, eq(vendors.id, rfqVendors.vendorId))
          .leftJoin(
            vendorResponses,
            and(
              eq(vendorResponses.rfqId, rfqVendors.rfqId),
              eq(vendorResponses.vendorId, rfqVendors.vendorId),
            ),
          )
          .where(inIds(rfqVendors.rfqId, bind, rfqIds))
          .orderBy(asc(vendors.name)),
      ),
    (row) => row.rfqId,
  );
  const quotes = () =>
    db
      .select({ response: vendorResponses, vendorName: vendors.name, vendorEmail: vendors.email })
      .from(vendorResponses)
      .innerJoin(vendors, eq(vendors.id, vendorResponses.vendorId));
  const byPrice = [asc(vendorResponses.totalAmount), asc(vendors.name)];
  const responsesOfRfq = batchedGroups(
    (rfqIds) =>
      prepared('responses_of_rfqs', { ids: idArray(rfqIds) }, (bind) =>
        quotes()
          .where(inIds(vendorResponses.rfqId, bind, rfqIds))
          .orderBy(...byPrice),
      ),
    (row) => row.response.rfqId,
  );
  const responsesOfVendor = (rfqId: string, vendorId: string) =>
    prepared('responses_of_vendor', { rfqId, vendorId }, (bind) =>
      quotes()
        .where(
          and(
            eq(vendorResponses.rfqId, bind('rfqId', rfqId) as string),
            eq(vendorResponses.vendorId, bind('vendorId', vendorId) as string),
          ),
        )
        .orderBy(...byPrice),
    );
  const responseItems = batchedGroupsOfMany(
    (responseIds) =>
      prepared('items_of_responses', { ids: idArray(responseIds) }, (bind) =>
        db
          .select()
          .from(vendorResponseItems)
          .where(inIds(vendorResponseItems.responseId, bind, responseIds)),
      ),
    (row) => row.responseId,
  );
  const inFileOrder = [asc(attachments.createdAt), asc(attachments.position)];
  const rfqFiles = batchedGroups<AttachmentRow>(
    (rfqIds) =>
      prepared('files_of_rfqs', { ids: idArray(rfqIds) }, (bind) =>
        db
          .select()
          .from(attachments)
          .where(and(inIds(attachments.rfqId, bind, rfqIds), isNull(attachments.vendorResponseId)))
          .orderBy(...inFileOrder),
      ),
    (row) => row.rfqId!,
  );
  const quoteFiles = batchedGroupsOfMany<AttachmentRow>(
    (responseIds) =>
      prepared('files_of_responses', { ids: idArray(responseIds) }, (bind) =>
        db
          .select()
          .from(attachments)
          .where(inIds(attachments.vendorResponseId, bind, responseIds))
          .orderBy(...inFileOrder),
      ),
    (row) => row.vendorResponseId!,
  );
  const openings = batchedGroups(
    (rfqIds) =>
      prepared('openings_of_rfqs', { ids: idArray(rfqIds) }, (bind) =>
        db
          .select({
            rfqId: rfqOpenings.rfqId,
            userId: rfqOpenings.userId,
            role: rfqOpenings.role,
            at: rfqOpenings.createdAt,
            name: users.name,
          })
          .from(rfqOpenings)
          .innerJoin(users, eq(users.id, rfqOpenings.userId))
          .where(inIds(rfqOpenings.rfqId, bind, rfqIds))
          .orderBy(asc(rfqOpenings.createdAt)),
      ),
    (row) => row.rfqId,
  );

  return {
    async insert(values: {
      title: string;
      description: string;
      projectId: string | null;
      dueDate: string | null;
      costCategory: CostCategory;
      sealed: boolean;
      bidDeadline: Date | null;
      createdBy: string;
    }): Promise<RfqRow> {
      const [row] = await db.insert(rfqs).values(values).returning();
      return row!;
    },

    async insertItems(
      rfqId: string,
      items: ReadonlyArray<{ name: string; description: string; quantity: number; unit: string }>,
    ) {
      await db.insert(rfqItems).values(items.map((item, position) => ({ ...item, rfqId, position })));
    },

    async invite(rfqId: string, vendorIds: readonly string[]) {
      await db.insert(rfqVendors).values(vendorIds.map((vendorId) => ({ rfqId, vendorId })));
    },

    /** One RFQ with its project's title and its author's name (the RFQs asked for in one turn are one statement). */
    find,

    /** The RFQ's row locked for the rest of the transaction. */
    async lock(id: string): Promise<RfqRow | null> {
      const [row] = await db.select().from(rfqs).where(eq(rfqs.id, id)).for('update');
      return row ?? null;
    },

    /**
     * The only write of an RFQ's row after its creation: status and the vendors chosen with it, when it
     * was sent and its bids opened, and (before it is sent) what it asks and whether it is sealed.
     */
    async update(
      id: string,
      values: Partial<
        Pick<
          RfqRow,
          | 'status'
          | 'selectedVendorId'
          | 'recommendedVendorId'
          | 'sentAt'
          | 'openedAt'
          | 'title'
          | 'description'
          | 'dueDate'
          | 'sealed'
          | 'bidDeadline'
        >
      >,
    ) {
      await db
        .update(rfqs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(rfqs.id, id));
    },

    /** The RFQ's items in their order (the RFQs asked for in one turn are read by one statement). */
    items,

    /**
     * The vendors the RFQ was sent to, with whether each has quoted, by name (the RFQs asked for in
     * one turn are read by one statement).
     */
    invitations,

    async isInvited(rfqId: string, vendorId: string) {
      const [row] = await db
        .select({ rfqId: rfqVendors.rfqId })
        .from(rfqVendors)
        .where(and(eq(rfqVendors.rfqId, rfqId), eq(rfqVendors.vendorId, vendorId)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * The RFQ's quotes (one vendor's only when `vendorId` is given), with the vendor's name and email,
     * cheapest first; every RFQ's quotes asked for in one turn are read by one statement.
     */
    responses: (rfqId: string, vendorId?: string) =>
      vendorId ? responsesOfVendor(rfqId, vendorId) : responsesOfRfq(rfqId),

    /** The lines of these quotes (the quotes asked for in one turn are read by one statement). */
    responseItems,

    /** The RFQ's own files (not the quotes'), in the order they were chosen; batched by turn. */
    rfqFiles,

    /** The files of these quotes, in the order they were chosen; batched by turn. */
    quoteFiles,

    /** The vendor whose quote a file belongs to. */
    async responseVendor(responseId: string) {
      const [row] = await db
        .select({ vendorId: vendorResponses.vendorId, rfqId: vendorResponses.rfqId })
        .from(vendorResponses)
        .where(eq(vendorResponses.id, responseId))
        .limit(1);
      return row ?? null;
    },

    async findResponse(rfqId: string, vendorId: string) {
      const [row] = await db
        .select()
        .from(vendorResponses)
        .where(and(eq(vendorResponses.rfqId, rfqId), eq(vendorResponses.vendorId, vendorId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Writes the vendor's quote (a new one, or theirs replaced in place) with its lines; a sealed bid
     * is written as its sealed text alone, with no total and no lines in clear.
     */
    async saveResponse(input: {
      rfqId: string;
      vendorId: string;
      notes: string;
      priced: { totalAmount: number; items: ReadonlyArray<QuoteLine> } | { sealedBid: string };
    }) {
      const sealedBid = 'sealedBid' in input.priced ? input.priced.sealedBid : null;
      const totalAmount = 'sealedBid' in input.priced ? 0 : input.priced.totalAmount;
      const [response] = await db
        .insert(vendorResponses)
        .values({ rfqId: input.rfqId, vendorId: input.vendorId, totalAmount, notes: input.notes, sealedBid })
        .onConflictDoUpdate({
          target: [vendorResponses.rfqId, vendorResponses.vendorId],
          set: {
            totalAmount,
            sealedBid,
            notes: input.notes,
            status: 'submitted',
            submittedAt: sql`now()`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      await db.delete(vendorResponseItems).where(eq(vendorResponseItems.responseId, response!.id));
      if (!('sealedBid' in input.priced)) await this.writeLines(response!.id, input.priced.items);
      return response!;
    },

    async writeLines(responseId: string, items: ReadonlyArray<QuoteLine>) {
      await db.insert(vendorResponseItems).values(items.map((item) => ({ ...item, responseId })));
    },

    /** The sealed bids of an RFQ, to open. */
    async sealedBids(rfqId: string) {
      return db
        .select({
          id: vendorResponses.id,
          sealedBid: vendorResponses.sealedBid,
          vendorId: vendorResponses.vendorId,
        })
        .from(vendorResponses)
        .where(and(eq(vendorResponses.rfqId, rfqId), isNotNull(vendorResponses.sealedBid)));
    },

    /** A sealed bid opened: its total and lines written in clear, its sealed text gone. */
    async openBid(responseId: string, totalAmount: number, items: ReadonlyArray<QuoteLine>) {
      await db
        .update(vendorResponses)
        .set({ totalAmount, sealedBid: null })
        .where(eq(vendorResponses.id, responseId));
      await this.writeLines(responseId, items);
    },

    /** One person's confirmation of the opening; false when they had confirmed already. */
    async confirmOpening(rfqId: string, userId: string, role: Role) {
      const rows = await db
        .insert(rfqOpenings)
        .values({ rfqId, userId, role })
        .onConflictDoNothing()
        .returning({ userId: rfqOpenings.userId });
      return rows.length > 0;
    },

    /** Who confirmed the opening, first first (batched by turn). */
    openings,

    /** On approval: the selected vendor's quote is marked selected, the others not selected. */
    async markSelection(rfqId: string, vendorId: string) {
      await db
        .update(vendorResponses)
        .set({
          status: sql`case when ${vendorResponses.vendorId} = ${vendorId} then 'selected' else 'not_selected' end`,
        })
        .where(eq(vendorResponses.rfqId, rfqId));
    },

    /**
     * A page, newest first, from a key of the list's directory (or its start), skipping `start.skip`
     * RFQs: the page's ids first (with those of the pages others ask for at the same moment), then its
     * rows and counts by id in a statement of its own, planned once.
     */
    async page(filter: RfqListFilter, start: PageStart, limit: number) {
      const ids = filter.search
        ? (await pageIds(db, sql`rfqs r`, RFQ_KEY, staffWhere(filter), true, { start, limit })).map(
            (row) => row.id,
          )
        : await pageIdsOf({ filter, limit }, start);
      if (ids.length === 0) return [];
      const rows = await pageRows(ids);
      return inOrderOf(ids, rows, (row) => row.id);
    },

    /** How many RFQs the filter holds. */
    count(filter: RfqListFilter) {
      return countOf(db, sql`rfqs r`, staffWhere(filter));
    },

    /** The directory of the RFQs the filter holds, newest first (see created-directory.ts). */
    directory(filter: RfqListFilter) {
      return timeKeyDirectory(db, sql`rfqs r`, RFQ_KEY, staffWhere(filter), true);
    },

    /**
     * A page of the RFQs sent to one vendor, with that vendor's own total only: the total of the order
     * they were given (at the negotiated prices), else of their quote.
     */
    async vendorPage(
      vendorId: string,
      filter: VendorRfqFilter,
      search: string | undefined,
      page: number,
      limit: number,
    ) {
      return queryRows<VendorRfqRow>(
        db,
        sql`select ${summaryColumns},
              case when r.sealed and r.opened_at is null then null
                else coalesce(po.total_amount, vr.total_amount)::text end as "totalAmount",
              (vr.id is not null) as "hasResponded",
              coalesce(r.selected_vendor_id = ${vendorId}, false) as "isSelected"
            from (
              select r.id from rfq_vendors rv
              join rfqs r on r.id = rv.rfq_id
              left join vendor_responses vr on vr.rfq_id = rv.rfq_id and vr.vendor_id = rv.vendor_id
              ${search ? sql`left join projects p on p.id = r.project_id` : sql``}
              where ${vendorWhere(vendorId, filter, search)}
              order by r.created_at desc, r.id desc
              limit ${limit} offset ${(page - 1) * limit}
            ) chosen
            join rfqs r on r.id = chosen.id
            left join vendor_responses vr on vr.rfq_id = r.id and vr.vendor_id = ${vendorId}
            left join purchase_orders po
              on po.rfq_id = r.id and po.vendor_id = ${vendorId} and po.status <> 'cancelled'
            left join projects p on p.id = r.project_id
            left join users u on u.id = r.created_by
            order by r.created_at desc, r.id desc`,
      );
    },

    async vendorCount(vendorId: string, filter: VendorRfqFilter, search: string | undefined) {
      const [row] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total
            from rfq_vendors rv
            join rfqs r on r.id = rv.rfq_id
            left join vendor_responses vr on vr.rfq_id = rv.rfq_id and vr.vendor_id = rv.vendor_id
            ${search ? sql`left join projects p on p.id = r.project_id` : sql``}
            where ${vendorWhere(vendorId, filter, search)}`,
      );
      return Number(row?.total ?? 0);
    },

    /**
     * The next moment a vendor's list changes by time alone: the earliest deadline still ahead of a
     * sealed RFQ sent to them that they have not bid on (it then reads 'Bids Closed' for them).
     */
    async vendorNextBidClose(vendorId: string) {
      const [row] = await queryRows<{ at: Date | string | null }>(
        db,
        sql`select min(r.bid_deadline) as at
            from rfq_vendors rv
            join rfqs r on r.id = rv.rfq_id
            where rv.vendor_id = ${vendorId} and r.sent_at is not null and r.sealed
              and r.bid_deadline > now()
              and not exists (select 1 from vendor_responses vr where vr.rfq_id = r.id and vr.vendor_id = ${vendorId})`,
      );
      return row?.at ? new Date(row.at) : null;
    },

    /** Whether the RFQ was sent to this vendor and they may see it. */
    async visibleToVendor(rfqId: string, vendorId: string) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`select r.id from rfqs r join rfq_vendors rv on rv.rfq_id = r.id
            where r.id = ${rfqId} and rv.vendor_id = ${vendorId} and r.sent_at is not null`,
      );
      return Boolean(row);
    },

    /** Counts by status, and quotes received, in SQL. */
    async stats() {
      const [byStatus, [responses]] = await Promise.all([
        queryRows<{ status: RfqStatus; count: number }>(
          db,
          sql`select status, count(*)::int as count from rfqs group by status`,
        ),
        queryRows<{ count: number }>(db, sql`select count(*)::int as count from vendor_responses`),
      ]);
      return { byStatus, responsesReceived: Number(responses?.count ?? 0) };
    },

    /**
     * One vendor's RFQs by the status they are shown, with their quotes among them and those quotes'
     * totals in whole kobo (summed in SQL, so exact).
     */
    async vendorStats(vendorId: string) {
      return queryRows<{ status: VendorRfqStatus; count: number; quoted: number; quotedKobo: string | null }>(
        db,
        sql`select ${vendorStatus} as status, count(*)::int as count, count(vr.id)::int as quoted,
              (sum(vr.total_amount) * 100)::bigint::text as "quotedKobo"
            from rfq_vendors rv
            join rfqs r on r.id = rv.rfq_id
            left join vendor_responses vr on vr.rfq_id = rv.rfq_id and vr.vendor_id = rv.vendor_id
            where rv.vendor_id = ${vendorId} and r.sent_at is not null
            group by 1`,
      );
    },
  };
}

export type RfqsRepository = ReturnType<typeof rfqsRepository>;
