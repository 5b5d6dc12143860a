import type { FastifyBaseLogger } from 'fastify';
import {
  INVALID_CREDENTIALS_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type ChangePasswordInput,
} from '@trowel/shared/auth/auth.schemas.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { logSecurityEvent } from '../../http/security-log.ts';
import type { AppContext } from '../../context.ts';
import { toUserDto } from '../../lib/user-dto.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { hashToken, newSessionToken } from './session-token.ts';

interface RequestMeta {
  ip: string;
  userAgent: string;
  log: FastifyBaseLogger;
}

function throttled(seconds: number) {
  return new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE, { 'retry-after': String(seconds) });
}

/** Signs a user in: throttled per account and address; unknown email and wrong password answer alike. */
export async function login(ctx: AppContext, email: string, password: string, meta: RequestMeta) {
  const wait = await ctx.loginThrottle.retryAfterSeconds(email, meta.ip);
  if (wait > 0) {
    logSecurityEvent(meta.log, 'login.throttled', { email, ip: meta.ip });
    throw throttled(wait);
  }
  const user = await ctx.users.findByEmail(email);
  const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    await ctx.loginThrottle.recordFailure(email, meta.ip);
    logSecurityEvent(meta.log, 'login.failure', { email, ip: meta.ip, actorId: user?.id ?? null });
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  await ctx.loginThrottle.reset(email);
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionTtlMs);
  await ctx.sessions.create({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  logSecurityEvent(meta.log, 'login.success', { actorId: user.id, email, ip: meta.ip });
  return { token, user: toUserDto(user), expiresAt: expiresAt.toISOString() };
}

/** The signed-in user behind a bearer token, or null. */
export async function authenticate(ctx: AppContext, token: string): Promise<AuthUser | null> {
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

export async function logout(ctx: AppContext, actor: AuthUser, log: FastifyBaseLogger) {
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
  ctx: AppContext,
  actor: AuthUser,
  input: ChangePasswordInput,
  log: FastifyBaseLogger,
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
