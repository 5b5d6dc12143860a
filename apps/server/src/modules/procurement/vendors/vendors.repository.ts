import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_RFQ_STATUSES } from '@trowel/shared/procurement/rfq.machine.ts';
import type {
  VendorCategory,
  VendorState,
  VendorStatus,
} from '@trowel/shared/procurement/vendor.constants.ts';
import type { VendorStats } from '@trowel/shared/procurement/vendor.schemas.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/raw.ts';
import { rfqVendors, vendors, type VendorRow } from '../../../db/schema.ts';

export interface VendorListFilter {
  search?: string | undefined;
  category?: VendorCategory | undefined;
  state?: VendorState | undefined;
  status?: VendorStatus | undefined;
}

export type NewVendor = Omit<typeof vendors.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function listWhere(filter: VendorListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(
      or(ilike(vendors.name, pattern), ilike(vendors.contactPerson, pattern), ilike(vendors.email, pattern))!,
    );
  }
  if (filter.category) conditions.push(eq(vendors.category, filter.category));
  if (filter.state) conditions.push(eq(vendors.state, filter.state));
  if (filter.status) conditions.push(eq(vendors.status, filter.status));
  return conditions.length ? and(...conditions) : undefined;
}

const openStatuses = sql.raw(OPEN_RFQ_STATUSES.map((status) => `'${status}'`).join(', '));

/** The company's vendors: the only code that touches the vendors table. */
export function vendorsRepository(db: Db) {
  return {
    /** A page by company name, with how many RFQs each was sent (counted in SQL). */
    async page(filter: VendorListFilter, page: number, limit: number) {
      return db
        .select({
          vendor: vendors,
          rfqCount: sql<number>`(select count(*) from ${rfqVendors} where ${rfqVendors.vendorId} = ${vendors.id})::int`,
        })
        .from(vendors)
        .where(listWhere(filter))
        .orderBy(asc(vendors.name), asc(vendors.id))
        .limit(limit)
        .offset((page - 1) * limit);
    },

    async count(filter: VendorListFilter) {
      const [row] = await db.select({ total: count() }).from(vendors).where(listWhere(filter));
      return Number(row?.total ?? 0);
    },

    async findById(id: string): Promise<VendorRow | null> {
      const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
      return row ?? null;
    },

    /** The vendor record behind a sign-in account (a vendor user), or null. */
    async findByUserId(userId: string): Promise<VendorRow | null> {
      const [row] = await db.select().from(vendors).where(eq(vendors.userId, userId)).limit(1);
      return row ?? null;
    },

    /** Locks the vendor's row for the rest of the transaction. */
    async lock(id: string): Promise<VendorRow | null> {
      const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).for('update');
      return row ?? null;
    },

    async findMany(ids: readonly string[]): Promise<VendorRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(vendors)
        .where(sql`${vendors.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
    },

    async emailTaken(email: string, exceptId?: string) {
      const [row] = await db
        .select({ id: vendors.id })
        .from(vendors)
        .where(
          and(
            sql`lower(${vendors.email}) = ${email.toLowerCase()}`,
            exceptId ? sql`${vendors.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insert(values: NewVendor): Promise<VendorRow> {
      const [row] = await db.insert(vendors).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<NewVendor>): Promise<VendorRow | null> {
      const [row] = await db
        .update(vendors)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(vendors.id, id))
        .returning();
      return row ?? null;
    },

    async delete(id: string) {
      await db.delete(vendors).where(eq(vendors.id, id));
    },

    /** How many RFQs the vendor was sent. */
    async rfqCount(id: string) {
      const [row] = await db.select({ total: count() }).from(rfqVendors).where(eq(rfqVendors.vendorId, id));
      return Number(row?.total ?? 0);
    },

    /** Counts by status and category, and active vendors with an open RFQ, in SQL. */
    async stats(): Promise<VendorStats> {
      const [byStatus, byCategory, [open]] = await Promise.all([
        queryRows<{ status: VendorStatus; count: number }>(
          db,
          sql`select status, count(*)::int as count from ${vendors} group by status`,
        ),
        queryRows<{ category: string | null; count: number }>(
          db,
          sql`select category, count(*)::int as count from ${vendors} group by category order by category nulls last`,
        ),
        queryRows<{ count: number }>(
          db,
          sql`select count(*)::int as count from ${vendors} v
              where v.status = 'active' and exists (
                select 1 from rfq_vendors rv join rfqs r on r.id = rv.rfq_id
                where rv.vendor_id = v.id and r.status in (${openStatuses}))`,
        ),
      ]);
      const counts = { active: 0, inactive: 0, suspended: 0 };
      for (const row of byStatus) counts[row.status] = Number(row.count);
      return {
        total: counts.active + counts.inactive + counts.suspended,
        byStatus: counts,
        byCategory: byCategory.map((row) => ({ category: row.category, count: Number(row.count) })),
        activeWithOpenRfq: Number(open?.count ?? 0),
      };
    },
  };
}

export type VendorsRepository = ReturnType<typeof vendorsRepository>;
