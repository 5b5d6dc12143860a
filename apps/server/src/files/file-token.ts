import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a file link works. */
export const FILE_TOKEN_TTL_SECONDS = 60 * 60;

function signature(secret: string, scope: string, expires: number) {
  return createHmac('sha256', secret).update(`${scope}|${expires}`).digest('base64url').slice(0, 32);
}

/** Expiry is rounded up to this step, so a file keeps one link (and browsers reuse their copy) for a while. */
const EXPIRY_STEP_SECONDS = 15 * 60;

/** When the file links signed at `now` expire (seconds since the epoch): the same within each quarter hour. */
export function fileTokenExpiry(now = Date.now()): number {
  return (
    Math.ceil((Math.floor(now / 1000) + FILE_TOKEN_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS
  );
}

/**
 * A short-lived token that opens one file (its scope) and nothing else; never a session token.
 * It lasts one hour to one hour and a quarter, and stays the same within each quarter hour.
 */
export function signFileToken(secret: string, scope: string, now = Date.now()): string {
  const expires = fileTokenExpiry(now);
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
