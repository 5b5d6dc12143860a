import { whatsappUrl } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import { VENDOR_MESSAGES, passwordLinkMessage } from '@trowel/shared/procurement/vendor.constants.ts';
import type { PasswordLink } from '@trowel/shared/procurement/vendor.schemas.ts';
import type { Repositories } from '../../../context.ts';
import type { ModuleContext } from '../../../platform.ts';
import type { VendorRow } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import { PASSWORD_LINK_TTL_SECONDS, signPasswordLink } from '../../../lib/password-link.ts';
import { publicLink, queueEmail } from '../../../mail/mail-queue.ts';

type LinkedVendor = Pick<VendorRow, 'userId' | 'email' | 'contactPerson' | 'name' | 'phone'>;

/** How a password link reached the vendor: emailed, or handed to the staff member to pass on. */
export interface PasswordLinkSent {
  emailed: boolean;
  passwordLink: PasswordLink | null;
}

/**
 * A link for the vendor to set their password, signed on the password they have now (so it works
 * once), valid for 7 days: emailed in the caller's transaction when email is set up, else handed to
 * the staff member with a WhatsApp message carrying it. No password is ever sent.
 */
export async function sendPasswordLink(
  ctx: ModuleContext,
  scoped: Repositories,
  vendor: LinkedVendor,
  passwordHash: string,
  canEmail: boolean,
): Promise<PasswordLinkSent> {
  const now = Date.now();
  const token = signPasswordLink(ctx.config.appSecret!, vendor.userId, passwordHash, now);
  const link = publicLink(ctx.config, `/login?setPassword=${encodeURIComponent(token)}`);
  if (canEmail) {
    await queueEmail(scoped, {
      to: vendor.email,
      subject: 'Your vendor account: set your password',
      text:
        `Hello ${vendor.contactPerson},\n\n` +
        `${vendor.name} has been added as a vendor. Set your password to sign in and see the ` +
        `requests for quotation sent to you:\n\n${link}\n\nThe link works for 7 days and only once.`,
    });
    return { emailed: true, passwordLink: null };
  }
  return {
    emailed: false,
    passwordLink: {
      link,
      expiresAt: new Date(now + PASSWORD_LINK_TTL_SECONDS * 1000).toISOString(),
      whatsappUrl: whatsappUrl(
        vendor.phone,
        passwordLinkMessage({ contactPerson: vendor.contactPerson, company: vendor.name, link }),
      ),
    },
  };
}

/**
 * POST /vendors/{id}/password-link: a new link for an active vendor to set their password (one who
 * never set it, or forgot it), emailed when email is set up, else answered to copy or send on
 * WhatsApp. Links sent before keep working until the password is set.
 */
export async function resendPasswordLink(ctx: ModuleContext, vendor: VendorRow) {
  if (vendor.status !== 'active') {
    throw new AppError('INVALID_STATE', VENDOR_MESSAGES.passwordLinkInactive);
  }
  const user = await ctx.users.findById(vendor.userId);
  if (!user) throw notFound('Vendor');
  const canEmail = await ctx.mail.configured();
  const sent = await ctx.db.transaction((tx) =>
    sendPasswordLink(ctx, ctx.withDb(tx), vendor, user.passwordHash, canEmail),
  );
  if (sent.emailed) ctx.wakeWorker();
  return {
    ...sent,
    message: sent.emailed ? VENDOR_MESSAGES.passwordLinkEmailed : VENDOR_MESSAGES.passwordLinkNotEmailed,
  };
}
