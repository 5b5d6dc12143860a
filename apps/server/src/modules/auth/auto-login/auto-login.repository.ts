import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AutoLoginAction } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/raw.ts';
import { autoLoginLinks, rfqs, rfqVendors, users, vendors } from '../../../db/schema.ts';

export interface NewAutoLoginLink {
  tokenHash: string;
  vendorId: string;
  rfqId: string;
  action: AutoLoginAction;
  createdBy: string;
  expiresAt: Date;
}

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
    .prepare('auto_login_link_by_hash');

  /** Marks a vendor's unused, unrevoked links revoked: those to one RFQ, or all of them. */
  async function revoke(vendorId: string, rfqId?: string) {
    await db
      .update(autoLoginLinks)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(autoLoginLinks.vendorId, vendorId),
          rfqId ? eq(autoLoginLinks.rfqId, rfqId) : undefined,
          isNull(autoLoginLinks.revokedAt),
          isNull(autoLoginLinks.usedAt),
        ),
      );
  }

  async function insert(input: NewAutoLoginLink) {
    const [row] = await db.insert(autoLoginLinks).values(input).returning({ id: autoLoginLinks.id });
    return row!;
  }

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
          status: rfqs.status,
          invited: sql<boolean>`exists (select 1 from ${rfqVendors} where ${rfqVendors.rfqId} = ${rfqs.id} and ${rfqVendors.vendorId} = ${vendorId})`,
        })
        .from(rfqs)
        .where(eq(rfqs.id, rfqId));
      return { vendor: vendor ?? null, rfq: rfq ?? null };
    },

    /** Revokes every open link of a vendor (deactivated). */
    revokeAllOfVendor: (vendorId: string) => revoke(vendorId),

    insert,

    /** A new link of a vendor to an RFQ that replaces their open ones (call it in a transaction). */
    async replaceOpen(input: NewAutoLoginLink) {
      await revoke(input.vendorId, input.rfqId);
      return insert(input);
    },

    /** The link of a token hash with its vendor's account, their invitation and the RFQ's title; or null. */
    async findByHash(tokenHash: string) {
      const [row] = await byHash.execute({ tokenHash });
      return row ?? null;
    },

    /**
     * Marks the link used, only if it is still unused, not revoked and not expired: false when another
     * use got there first (the row's lock orders two uses; the second finds it used). Its caller starts
     * the session in the same transaction (auth's startSession).
     */
    async use(linkId: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`
        update auto_login_links set used_at = now()
        where id = ${linkId} and used_at is null and revoked_at is null and expires_at > now()
        returning id`,
      );
      return rows.length === 1;
    },
  };
}

export type AutoLoginRepository = ReturnType<typeof autoLoginRepository>;
