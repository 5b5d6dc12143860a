import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link to set one's own password works. */
export const PASSWORD_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

function signature(secret: string, userId: string, expires: number, passwordHash: string) {
  // The current hash is part of what is signed, so the link stops working once a password is set.
  return createHmac('sha256', secret)
    .update(`set-password|${userId}|${expires}|${passwordHash}`)
    .digest('base64url');
}

/** A link token to set the account's first password: `userId.expiry.signature`, usable once. */
export function signPasswordLink(secret: string, userId: string, passwordHash: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + PASSWORD_LINK_TTL_SECONDS;
  return `${userId}.${expires.toString(36)}.${signature(secret, userId, expires, passwordHash)}`;
}

/** The user id a token was made for, without checking it (to load the account it names). */
export function passwordLinkUser(token: string): string | null {
  const [userId] = token.split('.');
  return userId && /^[0-9a-f-]{36}$/.test(userId) ? userId : null;
}

/** Whether the token is genuine, unexpired and made for the account's current password. */
export function verifyPasswordLink(
  secret: string,
  token: string,
  passwordHash: string,
  now = Date.now(),
): boolean {
  const [userId, encodedExpiry, given] = token.split('.');
  if (!userId || !encodedExpiry || !given) return false;
  const expires = parseInt(encodedExpiry, 36);
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, userId, expires, passwordHash));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
