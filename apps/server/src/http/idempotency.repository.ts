import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/system.ts';

/** Keys of uploads sent with an Idempotency-Key, and the answers kept for their retries. */
export function idempotencyRepository(db: Db) {
  const keyOf = (userId: string, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return {
    /** Claims the key for a new request by process `owner`; false when it is already claimed or answered. */
    async claim(userId: string, key: string, scope: string, owner: string) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key, scope, owner })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return claimed.length > 0;
    },

    async find(userId: string, key: string) {
      const [row] = await db.select().from(idempotencyKeys).where(keyOf(userId, key));
      return row ?? null;
    },

    async release(userId: string, key: string) {
      await db.delete(idempotencyKeys).where(keyOf(userId, key));
    },

    async answer(userId: string, key: string, statusCode: number, response: unknown) {
      await db.update(idempotencyKeys).set({ statusCode, response }).where(keyOf(userId, key));
    },

    /** Forgets answers older than the retry window. */
    async deleteOlderThan(hours: number) {
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${hours})`));
    },
  };
}
