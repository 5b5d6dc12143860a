import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
