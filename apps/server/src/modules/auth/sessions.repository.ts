import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users, type UserRow } from '../../db/schema.ts';

export interface SessionUser {
  sessionId: string;
  expiresAt: Date;
  user: UserRow;
}

export function sessionsRepository(db: Db) {
  const findByHash = db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1)
    .prepare('session_by_token_hash');
  return {
    async create(input: {
      tokenHash: string;
      userId: string;
      expiresAt: Date;
      ip: string;
      userAgent: string;
    }) {
      const [row] = await db.insert(sessions).values(input).returning({ id: sessions.id });
      return row!;
    },

    /** The active user behind a token hash, or null when expired, revoked or deactivated. */
    async findUserByTokenHash(tokenHash: string): Promise<SessionUser | null> {
      const [row] = await findByHash.execute({ tokenHash });
      return row ?? null;
    },

    async delete(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteAllOfUser(userId: string, exceptSessionId?: string) {
      await db
        .delete(sessions)
        .where(
          exceptSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
            : eq(sessions.userId, userId),
        );
    },

    async deleteExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
