import type { Logger } from '../../../lib/logger.ts';
import {
  AUTO_LOGIN_MESSAGES,
  autoLoginMessage,
  expiredMessage,
  isLinkableRfqStatus,
  whatsappUrl,
  type GenerateAutoLoginInput,
} from '@trowel/shared/auto-login/auto-login.schemas.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest, notFound } from '../../../http/app-error.ts';
import { logSecurityEvent } from '../../../http/security-log.ts';
import type { ModuleContext } from '../../../platform.ts';
import { hashToken, LINK_TOKEN_PREFIX, newLinkToken } from '../../../lib/session-token.ts';
import { sessionExpiresAt, startSession } from '../session-start.ts';
import { toUserDto } from '../../../lib/user-dto.ts';
import { publicLink } from '../../../mail/mail-queue.ts';
import { personalPreferences } from '../../../preferences/personal-preferences.ts';

const DAY_MS = 86_400_000;
/** A link token is the prefix and 32 random bytes in base64url (46 characters); longer is not one. */
const MAX_LINK_TOKEN_LENGTH = 64;
/** The throttle's name for this form: failures counted per address. */
const THROTTLE_FORM = 'auto-login';

interface RequestMeta {
  ip: string;
  userAgent: string;
  log: Logger;
}

function disabled(message: string) {
  return new AppError('AUTO_LOGIN_DISABLED', message);
}

/**
 * Makes a link that signs a vendor in to one RFQ (admin, quantity_surveyor): only while vendor
 * auto-login is on, for an active vendor the RFQ was sent to, while the RFQ is in a linkable status
 * (sent, not rejected or cancelled; 409 otherwise). A newer link revokes the vendor's
 * open links to that RFQ. Answers the token, the link, its expiry and the WhatsApp address.
 */
export async function generateAutoLoginLink(
  ctx: ModuleContext,
  actor: Pick<AuthUser, 'id'>,
  input: Required<GenerateAutoLoginInput>,
  log: Logger,
) {
  const settings = await ctx.settings.vendorAutoLogin();
  if (!settings.enabled) throw disabled(AUTO_LOGIN_MESSAGES.disabled);
  const { vendor, rfq } = await ctx.autoLogin.target(input.vendorId, input.rfqId);
  if (!vendor) throw notFound('Vendor');
  if (!rfq) throw notFound('RFQ');
  if (vendor.status !== 'active') throw badRequest(AUTO_LOGIN_MESSAGES.vendorInactive);
  if (!rfq.invited) throw badRequest(AUTO_LOGIN_MESSAGES.vendorNotInvited);
  if (!isLinkableRfqStatus(rfq.status))
    throw new AppError('INVALID_STATE', AUTO_LOGIN_MESSAGES.rfqNotLinkable);

  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + settings.expiryDays * DAY_MS);
  await ctx.db.transaction((tx) =>
    ctx.withDb(tx).autoLogin.replaceOpen({
      tokenHash: hashToken(token),
      vendorId: vendor.id,
      rfqId: rfq.id,
      action: input.action,
      createdBy: actor.id,
      expiresAt,
    }),
  );
  logSecurityEvent(log, 'autologin.generated', { actorId: actor.id, targetId: vendor.id, detail: rfq.id });
  const link = publicLink(ctx.config, `/auth/auto-login?token=${encodeURIComponent(token)}`);
  const message = autoLoginMessage({
    vendorName: vendor.contactPerson || vendor.name,
    rfqTitle: rfq.title,
    link,
  });
  return { token, link, expiresAt: expiresAt.toISOString(), whatsappUrl: whatsappUrl(vendor.phone, message) };
}

/**
 * Exchanges a link's token, once, for an ordinary session of its vendor (a new token: the link's
 * own never opens anything but this call). A link used before answers USED_TOKEN, an expired one
 * EXPIRED_TOKEN, anything else INVALID_TOKEN. Only guesses (tokens that are no link) are throttled,
 * per address; every use is a security event.
 */
export async function validateAutoLoginLink(ctx: ModuleContext, token: string, meta: RequestMeta) {
  const settings = await ctx.settings.vendorAutoLogin();
  if (!settings.enabled) throw disabled(AUTO_LOGIN_MESSAGES.disabledAtValidation);

  const invalid = () => new AppError('INVALID_TOKEN', AUTO_LOGIN_MESSAGES.invalid);
  const refuse = (error: AppError, detail: string, actorId: string | null = null) => {
    logSecurityEvent(meta.log, 'autologin.failure', { ip: meta.ip, actorId, detail });
    return error;
  };
  // Only a token that is no link at all is a guess: those are counted per address, and an address
  // that guessed too often is refused its guesses. A genuine link is answered for what it is (used,
  // expired, revoked or good) from any address, so a double tap or a busy office network locks no one out.
  const found =
    token.startsWith(LINK_TOKEN_PREFIX) && token.length <= MAX_LINK_TOKEN_LENGTH
      ? await ctx.autoLogin.findByHash(hashToken(token))
      : null;
  if (!found) {
    const wait = await ctx.loginThrottle.addressRetryAfterSeconds(THROTTLE_FORM, meta.ip);
    if (wait > 0) {
      logSecurityEvent(meta.log, 'autologin.throttled', { ip: meta.ip });
      throw new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait and try again later.', {
        'retry-after': String(wait),
      });
    }
    await ctx.loginThrottle.recordAddressFailure(THROTTLE_FORM, meta.ip);
    throw refuse(invalid(), 'unknown');
  }

  // A link that worked once says so, whatever became of it since: that it was used is all the
  // answer tells, to its vendor or to anyone else who holds the link.
  const used = () => new AppError('USED_TOKEN', AUTO_LOGIN_MESSAGES.used);
  const { link, user } = found;
  if (link.usedAt) throw refuse(used(), 'used', user.id);
  const vendorActive = found.vendorStatus === 'active' && user.deactivatedAt === null;
  if (link.revokedAt || !vendorActive || !found.invited) {
    throw refuse(invalid(), 'revoked', user.id);
  }
  if (link.expiresAt.getTime() <= Date.now()) {
    const days = Math.max(1, Math.round((link.expiresAt.getTime() - link.createdAt.getTime()) / DAY_MS));
    throw refuse(new AppError('EXPIRED_TOKEN', expiredMessage(days)), 'expired', user.id);
  }
  const preferences = await personalPreferences(ctx, user.id);
  const expiresAt = sessionExpiresAt(ctx.config, preferences.sessionTimeout);
  // One transaction: the link is used once (of two uses at the same instant one wins) and the session starts.
  const sessionToken = await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx);
    if (!(await scoped.autoLogin.use(link.id))) return null;
    return startSession(scoped.sessions, {
      userId: user.id,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  });
  // Another use of the same link got there first.
  if (!sessionToken) throw await refuse(used(), 'used', user.id);
  const outcome = { user, rfq: { id: link.rfqId, title: found.rfqTitle }, expiresAt };
  logSecurityEvent(meta.log, 'autologin.success', {
    actorId: outcome.user.id,
    ip: meta.ip,
    detail: outcome.rfq.id,
  });
  return {
    token: sessionToken,
    user: toUserDto(outcome.user),
    rfq: outcome.rfq,
    redirectUrl: `/rfqs/${outcome.rfq.id}`,
    expiresAt: outcome.expiresAt.toISOString(),
  };
}
