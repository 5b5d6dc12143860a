import { and, eq, inArray } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@trowel/shared/push/push.schemas.ts';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from './push.tables.ts';

/** People's push subscriptions: the only code that touches their table. */
export function pushSubscriptionsRepository(db: Db) {
  return {
    /**
     * Saves a device's subscription for this person; the same endpoint saved again (new keys, or
     * another person signed in on that browser) replaces the row, so a device is never told twice.
     */
    async save(userId: string, input: PushSubscriptionInput) {
      const values = { userId, endpoint: input.endpoint, ...input.keys };
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    },

    /** Removes this person's subscription of that endpoint; answers whether there was one. */
    async remove(userId: string, endpoint: string) {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    /** Removes a subscription its push service no longer knows (404/410). */
    async removeGone(id: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /** The subscriptions of these people (every device of each). */
    async ofUsers(userIds: readonly string[]) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
    },
  };
}
