import { SESSION_TIMEOUTS, type SessionTimeout } from '@trowel/shared/settings/security-preferences.ts';
import type { Config } from '../../config.ts';
import { hashToken, newSessionToken } from '../../lib/session-token.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** When a session started now ends: the person's chosen timeout, capped by SESSION_TTL_HOURS. */
export function sessionExpiresAt(
  config: Pick<Config, 'sessionTtlMs'>,
  timeout: SessionTimeout,
  now = Date.now(),
) {
  return new Date(now + Math.min(SESSION_TIMEOUTS[timeout], config.sessionTtlMs));
}

/**
 * Starts a session (every sign-in, by password or by an auto-login link, starts one here): a new
 * token, of which only the hash is stored. Answers the token, which only the caller ever holds.
 */
export async function startSession(
  sessions: SessionsRepository,
  session: { userId: string; expiresAt: Date; ip: string; userAgent: string },
): Promise<string> {
  const token = newSessionToken();
  await sessions.create({
    tokenHash: hashToken(token),
    userId: session.userId,
    expiresAt: session.expiresAt,
    ip: session.ip,
    userAgent: session.userAgent.slice(0, 300),
  });
  return token;
}
