import { hash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a token is stored (hashed on every signed-in request: the one-shot hash is the cheapest). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/** Vendor auto-login link tokens carry this prefix: never mistaken for a session token, in a log or a header. */
export const LINK_TOKEN_PREFIX = 'al_';

/** A new vendor auto-login link token: the prefix and 256 random bits; only its hash is stored. */
export function newLinkToken(): string {
  return `${LINK_TOKEN_PREFIX}${newSessionToken()}`;
}
