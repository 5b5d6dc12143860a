import type { UserRow } from '../db/schema.ts';

export interface CachedSession {
  sessionId: string;
  expiresAt: number;
  user: UserRow;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

/**
 * Signed-in users by token hash, so a request costs no database round trip. Entries are dropped
 * on logout, on any change to the user (through the invalidation bus, in every process) and after
 * a minute at most, so a revoked session cannot outlive its revocation.
 */
export class SessionCache {
  private byHash = new Map<string, CachedSession & { cachedAt: number }>();

  get(tokenHash: string, now = Date.now()): CachedSession | null {
    const entry = this.byHash.get(tokenHash);
    if (!entry) return null;
    if (entry.expiresAt <= now || now - entry.cachedAt > TTL_MS) {
      this.byHash.delete(tokenHash);
      return null;
    }
    return entry;
  }

  set(tokenHash: string, session: CachedSession, now = Date.now()) {
    if (this.byHash.size >= MAX_ENTRIES) {
      const oldest = this.byHash.keys().next().value;
      if (oldest !== undefined) this.byHash.delete(oldest);
    }
    this.byHash.set(tokenHash, { ...session, cachedAt: now });
  }

  evictUser(userId: string) {
    for (const [hash, entry] of this.byHash) if (entry.user.id === userId) this.byHash.delete(hash);
  }

  evictSession(sessionId: string) {
    for (const [hash, entry] of this.byHash) if (entry.sessionId === sessionId) this.byHash.delete(hash);
  }

  clear() {
    this.byHash.clear();
  }
}
