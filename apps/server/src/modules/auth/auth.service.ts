import type { Logger } from '../../lib/logger.ts';
import {
  INVALID_CREDENTIALS_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type ChangePasswordInput,
} from '@trowel/shared/auth/auth.schemas.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import {
  type SaveSecuritySettingsInput,
  type SecurityPreferences,
} from '@trowel/shared/settings/security-preferences.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { logSecurityEvent } from '../../http/security-log.ts';
import type { ModuleContext } from '../../platform.ts';
import { toUserDto } from '../../lib/user-dto.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { hashToken } from '../../lib/session-token.ts';
import { sessionExpiresAt, startSession } from './session-start.ts';
import { browserKey, newBrowserNotice } from './sign-in-notice.ts';
import { personalPreferences, savePersonalPreferences } from '../../preferences/personal-preferences.ts';

interface RequestMeta {
  ip: string;
  userAgent: string;
  log: Logger;
}

function throttled(seconds: number) {
  return new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE, { 'retry-after': String(seconds) });
}

/**
 * Signs a user in: throttled per account and address; unknown email and wrong password answer alike.
 * The session lasts the person's chosen timeout (capped by SESSION_TTL_HOURS); a sign-in from a
 * browser they never used, once they have used another, notifies them (unless they turned that off).
 */
export async function login(
  ctx: ModuleContext<'sessionCache'>,
  input: { email: string; password: string; browserId?: string | undefined },
  meta: RequestMeta,
) {
  const { email, password } = input;
  // Counted before the password is checked, so attempts sent together cannot outrun the count.
  const wait = await ctx.loginThrottle.beginAttempt(email, meta.ip);
  if (wait > 0) {
    logSecurityEvent(meta.log, 'login.throttled', { email, ip: meta.ip });
    throw throttled(wait);
  }
  const user = await ctx.users.findByEmail(email);
  const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    logSecurityEvent(meta.log, 'login.failure', { email, ip: meta.ip, actorId: user?.id ?? null });
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  await ctx.loginThrottle.reset(email);
  if (user.role === 'vendor') {
    // Only active vendors sign in; an inactive or suspended one is told so (after the password matched).
    const vendor = await ctx.vendors.findByUserId(user.id);
    if (vendor && vendor.status !== 'active') {
      logSecurityEvent(meta.log, 'login.refused_inactive_vendor', { actorId: user.id, email, ip: meta.ip });
      throw new AppError('FORBIDDEN', VENDOR_MESSAGES.deactivated);
    }
  }
  const preferences = await personalPreferences(ctx, user.id);
  const now = new Date();
  const expiresAt = sessionExpiresAt(ctx.config, preferences.sessionTimeout, now.getTime());
  let token = '';
  const notified = await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx);
    token = await startSession(scoped.sessions, {
      userId: user.id,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    const browser = await scoped.preferences.recordBrowser(
      user.id,
      browserKey(user.id, input.browserId, meta.userAgent),
    );
    if (!browser.isNew || !browser.seenOthers || !preferences.loginNotifications) return false;
    await scoped.notifications.create({
      type: 'other',
      emailCategory: 'systemAlerts',
      recipientUsers: [user.id],
      ...newBrowserNotice(meta, now),
    });
    return true;
  });
  if (notified) {
    await ctx.invalidate({ kind: 'notifications' });
    ctx.wakeWorker();
  }
  logSecurityEvent(meta.log, 'login.success', { actorId: user.id, email, ip: meta.ip });
  return { token, user: toUserDto(user), expiresAt: expiresAt.toISOString() };
}

/** The signed-in user behind a bearer token, or null. */
export async function authenticate(
  ctx: ModuleContext<'sessionCache'>,
  token: string,
): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  let session = ctx.sessionCache.get(tokenHash);
  if (!session) {
    const found = await ctx.sessions.findUserByTokenHash(tokenHash);
    if (!found) return null;
    session = { sessionId: found.sessionId, expiresAt: found.expiresAt.getTime(), user: found.user };
    ctx.sessionCache.set(tokenHash, session);
  }
  const { user } = session;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as Role,
    sessionId: session.sessionId,
    profile: user,
  };
}

export async function logout(ctx: ModuleContext<'sessionCache'>, actor: AuthUser, log: Logger) {
  await ctx.sessions.delete(actor.sessionId);
  await ctx.invalidate({ kind: 'session', id: actor.sessionId });
  logSecurityEvent(log, 'logout', { actorId: actor.id });
}

/** The signed-in user's profile, as loaded with the session. */
export function currentUser(actor: AuthUser) {
  return toUserDto(actor.profile);
}

/** Changes the actor's password and signs out every other session of theirs. */
export async function changePassword(
  ctx: ModuleContext<'sessionCache'>,
  actor: AuthUser,
  input: ChangePasswordInput,
  log: Logger,
) {
  const user = await ctx.users.findById(actor.id);
  if (!user) throw new AppError('UNAUTHORIZED', 'Authentication required');
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError('WRONG_PASSWORD', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx);
    await scoped.users.update(actor.id, { passwordHash });
    await scoped.sessions.deleteAllOfUser(actor.id, actor.sessionId);
    await scoped.activity.record(actor.id, 'security', 'Changed password');
  });
  await ctx.invalidate({ kind: 'user', id: actor.id });
  logSecurityEvent(log, 'password.changed', { actorId: actor.id });
}

/** The person's sign-in preferences: how long a sign-in lasts, and whether new browsers are told. */
export async function securitySettings(
  ctx: ModuleContext<'sessionCache'>,
  userId: string,
): Promise<SecurityPreferences> {
  const { sessionTimeout, loginNotifications } = await personalPreferences(ctx, userId);
  return { sessionTimeout, loginNotifications };
}

/** Saves them; the session timeout applies from the next sign-in. */
export async function saveSecuritySettings(
  ctx: ModuleContext<'sessionCache'>,
  userId: string,
  input: SaveSecuritySettingsInput,
): Promise<SecurityPreferences> {
  const { sessionTimeout, loginNotifications } = await savePersonalPreferences(ctx, userId, input);
  return { sessionTimeout, loginNotifications };
}
