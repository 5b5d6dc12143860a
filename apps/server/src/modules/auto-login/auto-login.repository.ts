import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AutoLoginAction } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import type { Db } from '../../db/client.ts';
import { autoLoginLinks, rfqs, rfqVendors, users, vendors } from '../../db/schema.ts';

/** Auto-login links: kept as hashes only; what making and using one reads of vendors and RFQs. */
export function autoLoginRepository(db: Db) {
  const byHash = db
    .select({
      link: autoLoginLinks,
      vendorStatus: vendors.status,
      user: users,
      rfqTitle: rfqs.title,
      invited: sql<boolean>`${rfqVendors.vendorId} is not null`,
    })
    .from(autoLoginLinks)
    .innerJoin(vendors, eq(vendors.id, autoLoginLinks.vendorId))
    .innerJoin(users, eq(users.id, vendors.userId))
    .innerJoin(rfqs, eq(rfqs.id, autoLoginLinks.rfqId))
    .leftJoin(
      rfqVendors,
      and(eq(rfqVendors.rfqId, autoLoginLinks.rfqId), eq(rfqVendors.vendorId, autoLoginLinks.vendorId)),
    )
    .where(eq(autoLoginLinks.tokenHash, sql.placeholder('tokenHash')))
    .for('update', { of: autoLoginLinks })
    .prepare('auto_login_link_by_hash');

  return {
    /** The vendor and RFQ a link is asked for: the vendor's phone and state, the RFQ's title, the invitation. */
    async target(vendorId: string, rfqId: string) {
      const [vendor] = await db
        .select({
          id: vendors.id,
          name: vendors.name,
          contactPerson: vendors.contactPerson,
          phone: vendors.phone,
          status: vendors.status,
        })
        .from(vendors)
        .where(eq(vendors.id, vendorId));
      const [rfq] = await db
        .select({
          id: rfqs.id,
          title: rfqs.title,
          invited: sql<boolean>`exists (select 1 from ${rfqVendors} where ${rfqVendors.rfqId} = ${rfqs.id} and ${rfqVendors.vendorId} = ${vendorId})`,
        })
        .from(rfqs)
        .where(eq(rfqs.id, rfqId));
      return { vendor: vendor ?? null, rfq: rfq ?? null };
    },

    /** Revokes the vendor's open links to an RFQ (a newer one replaces them). */
    async revokeOpen(vendorId: string, rfqId: string) {
      await db
        .update(autoLoginLinks)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(autoLoginLinks.vendorId, vendorId),
            eq(autoLoginLinks.rfqId, rfqId),
            isNull(autoLoginLinks.revokedAt),
            isNull(autoLoginLinks.usedAt),
          ),
        );
    },

    /** Revokes every open link of a vendor (deactivated). */
    async revokeAllOfVendor(vendorId: string) {
      await db
        .update(autoLoginLinks)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(autoLoginLinks.vendorId, vendorId),
            isNull(autoLoginLinks.revokedAt),
            isNull(autoLoginLinks.usedAt),
          ),
        );
    },

    async insert(input: {
      tokenHash: string;
      vendorId: string;
      rfqId: string;
      action: AutoLoginAction;
      createdBy: string;
      expiresAt: Date;
    }) {
      const [row] = await db.insert(autoLoginLinks).values(input).returning({ id: autoLoginLinks.id });
      return row!;
    },

    /** The link of a token hash with its vendor's account and RFQ, locked for its one use; or null. */
    async lockByHash(tokenHash: string) {
      const [row] = await byHash.execute({ tokenHash });
      return row ?? null;
    },

    /**
     * The rest of this transaction commits without waiting for its WAL flush: a crash in that instant
     * loses the new session and the link's use together (the link then still works), never one alone.
     */
    async commitWithoutFlushWait() {
      await db.execute(sql`set local synchronous_commit = off`);
    },

    async markUsed(id: string) {
      await db
        .update(autoLoginLinks)
        .set({ usedAt: sql`now()` })
        .where(eq(autoLoginLinks.id, id));
    },
  };
}

export type AutoLoginRepository = ReturnType<typeof autoLoginRepository>;
