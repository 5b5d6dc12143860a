import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a file link works. */
export const FILE_TOKEN_TTL_SECONDS = 60 * 60;

function signature(secret: string, scope: string, expires: number) {
  return createHmac('sha256', secret).update(`${scope}|${expires}`).digest('base64url').slice(0, 32);
}

/** A short-lived token that opens one file (its scope) and nothing else; never a session token. */
export function signFileToken(secret: string, scope: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + FILE_TOKEN_TTL_SECONDS;
  return `${expires.toString(36)}.${signature(secret, scope, expires)}`;
}

export function verifyFileToken(secret: string, scope: string, token: string, now = Date.now()): boolean {
  const [encodedExpiry, given] = token.split('.');
  if (!encodedExpiry || !given) return false;
  const expires = parseInt(encodedExpiry, 36);
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, scope, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
