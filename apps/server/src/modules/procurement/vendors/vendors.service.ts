import { randomBytes } from 'node:crypto';
import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import { fromKobo } from '@trowel/shared/money/kobo.ts';
import { VENDOR_RFQ_STATUSES } from '@trowel/shared/procurement/rfq.labels.ts';
import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import {
  VENDOR_SELF_EDITABLE,
  type CreateVendorValues,
  type ListVendorsQuery,
  type UpdateVendorValues,
  type VendorOwnStats,
} from '@trowel/shared/procurement/vendor.schemas.ts';
import type { z } from 'zod';
import type { listVendorsQuery } from '@trowel/shared/procurement/vendor.schemas.ts';
import type { ModuleContext } from '../../../platform.ts';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from '../../../db/errors.ts';
import type { VendorRow } from '../../../db/schema.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../../http/app-error.ts';
import { hashPassword } from '../../../lib/password.ts';
import { toVendorDto } from './vendor-dto.ts';
import { sendPasswordLink } from './vendor-password-link.service.ts';

type ListQuery = z.output<typeof listVendorsQuery>;

const emailTaken = () => new AppError('EMAIL_TAKEN', VENDOR_MESSAGES.emailTaken);

function uniqueConflict(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
  throw error;
}

/** GET /vendors (staff): a page by company name, with search and filters. */
export async function listVendors(ctx: ModuleContext, query: ListQuery & ListVendorsQuery) {
  const filter = { search: query.search, category: query.category, state: query.state, status: query.status };
  const [rows, total] = await Promise.all([
    ctx.vendors.page(filter, query.page, query.limit),
    ctx.vendors.count(filter),
  ]);
  return {
    vendors: rows.map(({ vendor, rfqCount }) => ({ rfqCount: Number(rfqCount), ...toVendorDto(vendor) })),
    pagination: paginate(query.page, query.limit, total),
  };
}

/** The vendor record of a signed-in vendor; 404 'Vendor profile not found' when there is none. */
export async function ownVendor(ctx: ModuleContext, actor: AuthUser): Promise<VendorRow> {
  const vendor = can(actor, 'vendor:portal') ? await ctx.vendors.findByUserId(actor.id) : null;
  if (!vendor) throw new AppError('NOT_FOUND', VENDOR_MESSAGES.serverProfileNotFound);
  return vendor;
}

/**
 * The vendor a caller may open by id: staff any, a vendor only their own (another vendor's id
 * answers 404, like an id that matches nothing); everyone else 403.
 */
export async function vendorTarget(ctx: ModuleContext, actor: AuthUser, id: string): Promise<VendorRow> {
  if (can(actor, 'procurement:access')) {
    const vendor = await ctx.vendors.findById(id);
    if (!vendor) throw notFound('Vendor');
    return vendor;
  }
  if (!can(actor, 'vendor:portal')) throw forbidden();
  const own = await ctx.vendors.findByUserId(actor.id);
  if (!own || own.id !== id) throw notFound('Vendor');
  return own;
}

/**
 * POST /vendors: the vendor and their sign-in account (role vendor, the company on the user) in one
 * transaction. Without a password the vendor gets a link to set their own, by email when email is set
 * up; when it is not, the link is answered to the staff member (who may make vendors) to copy or send
 * on WhatsApp, and the answer says it was not emailed. No password is ever sent.
 */
export async function createVendor(ctx: ModuleContext, actor: AuthUser, input: CreateVendorValues) {
  if ((await ctx.users.findByEmail(input.email)) || (await ctx.vendors.emailTaken(input.email))) {
    throw emailTaken();
  }
  const chosenPassword = input.password;
  const canEmail = !chosenPassword && (await ctx.mail.configured());
  const passwordHash = await hashPassword(chosenPassword ?? randomBytes(24).toString('base64url'));
  const { vendor, sent } = await ctx.db
    .transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const user = await scoped.users.insert({
        name: input.contactPerson,
        email: input.email,
        phone: input.phone,
        role: 'vendor',
        company: input.name,
        location: input.state ?? '',
        bio: input.description,
        passwordHash,
      });
      const row = await scoped.vendors.insert({
        userId: user.id,
        name: input.name,
        contactPerson: input.contactPerson,
        email: input.email,
        phone: input.phone,
        address: input.address,
        state: input.state,
        category: input.category,
        description: input.description,
        status: input.status,
      });
      await scoped.activity.record(user.id, 'account', `Vendor account created by ${actor.name}`);
      if (chosenPassword) return { vendor: row, sent: { emailed: false, passwordLink: null } };
      return { vendor: row, sent: await sendPasswordLink(ctx, scoped, row, passwordHash, canEmail) };
    })
    .catch(uniqueConflict);
  if (canEmail) ctx.wakeWorker();
  await ctx.invalidate({ kind: 'users-list' });
  return {
    vendor: toVendorDto(vendor),
    message: chosenPassword
      ? VENDOR_MESSAGES.created
      : canEmail
        ? VENDOR_MESSAGES.createdLinkEmailed
        : VENDOR_MESSAGES.createdLinkNotEmailed,
    ...sent,
  };
}

/**
 * PUT /vendors/{id}: staff edit everything; a vendor edits their own contact person, phone, address
 * and description only (anything else answers 400). Making a vendor inactive or suspended ends their
 * sessions at once.
 */
export async function updateVendor(
  ctx: ModuleContext,
  actor: AuthUser,
  target: VendorRow,
  input: UpdateVendorValues,
  sent: readonly string[],
) {
  if (!can(actor, 'procurement:access')) {
    const refused = sent.find((key) => !(VENDOR_SELF_EDITABLE as readonly string[]).includes(key));
    if (refused) throw badRequest(`${refused} cannot be changed by the vendor`);
  }
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as UpdateVendorValues;
  if (changes.email && changes.email !== target.email.toLowerCase()) {
    const user = await ctx.users.findByEmail(changes.email);
    if ((user && user.id !== target.userId) || (await ctx.vendors.emailTaken(changes.email, target.id))) {
      throw emailTaken();
    }
  }
  const leavesActive = changes.status !== undefined && changes.status !== 'active';
  const updated = await ctx.db
    .transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const locked = await scoped.vendors.lock(target.id);
      if (!locked) throw notFound('Vendor');
      const row = await scoped.vendors.update(target.id, changes);
      await scoped.users.update(locked.userId, {
        ...(changes.email ? { email: changes.email } : {}),
        ...(changes.contactPerson ? { name: changes.contactPerson } : {}),
        ...(changes.name ? { company: changes.name } : {}),
        ...(changes.phone ? { phone: changes.phone } : {}),
      });
      if (leavesActive) {
        await scoped.sessions.deleteAllOfUser(locked.userId);
        await scoped.autoLogin.revokeAllOfVendor(locked.id);
      }
      return row!;
    })
    .catch(uniqueConflict);
  await ctx.invalidate({ kind: 'user', id: target.userId });
  return toVendorDto(updated);
}

/**
 * DELETE /vendors/{id} (admin): a vendor who was sent RFQs is refused (409) so their history stays;
 * they are made inactive instead. Otherwise the vendor and their account go.
 */
export async function deleteVendor(ctx: ModuleContext, id: string) {
  const vendor = await ctx.vendors.findById(id);
  if (!vendor) throw notFound('Vendor');
  if ((await ctx.vendors.rfqCount(id)) > 0) {
    throw new AppError(
      'CONFLICT',
      'This vendor has RFQs and cannot be deleted. Set them inactive instead to keep their history.',
    );
  }
  await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx);
    await scoped.vendors.delete(id);
    await scoped.sessions.deleteAllOfUser(vendor.userId);
  });
  try {
    await ctx.users.hardDelete(vendor.userId);
  } catch (error) {
    if (pgErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
    await ctx.users.deactivate(vendor.userId);
  }
  await ctx.invalidate({ kind: 'user', id: vendor.userId });
  await ctx.invalidate({ kind: 'users-list' });
}

/**
 * GET /vendors/my-stats: the vendor's RFQs by the status they are shown ('approved' only for those
 * they won), their quotes, and what they won: their purchase orders' totals, at the agreed prices.
 * Amounts are summed in whole kobo.
 */
export async function vendorOwnStats(ctx: ModuleContext, vendor: VendorRow): Promise<VendorOwnStats> {
  const [rows, orders] = await Promise.all([
    ctx.rfqs.vendorStats(vendor.id),
    ctx.purchaseOrders.vendorTotals(vendor.id),
  ]);
  const byStatus: Record<string, number> = Object.fromEntries(
    VENDOR_RFQ_STATUSES.map((status) => [status, 0]),
  );
  let totalRfqs = 0;
  let quotesSubmitted = 0;
  let quotedKobo = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.count);
    totalRfqs += Number(row.count);
    quotesSubmitted += Number(row.quoted);
    quotedKobo += Number(row.quotedKobo ?? 0);
  }
  return {
    totalRfqs,
    byStatus,
    actionRequired: byStatus.pending_vendor_response ?? 0,
    underReview: byStatus.vendor_responded ?? 0,
    approved: byStatus.approved ?? 0,
    notSelected: byStatus.not_selected ?? 0,
    quotesSubmitted,
    rfqsWon: byStatus.approved ?? 0,
    valueQuoted: fromKobo(quotedKobo),
    valueWon: fromKobo(orders.totalKobo),
  };
}

/** GET /vendors/stats (staff): counts by status and category, active vendors with an open RFQ. */
export function vendorStats(ctx: ModuleContext) {
  return ctx.vendors.stats();
}
