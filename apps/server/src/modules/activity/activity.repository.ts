import { desc, eq } from 'drizzle-orm';
import type { ACTIVITY_TYPES } from '@trowel/shared/users/user.schemas.ts';
import type { Db } from '../../db/client.ts';
import { activities } from '../../db/schema.ts';

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** What people did, shown on their profile. */
export function activityRepository(db: Db) {
  return {
    async record(userId: string, type: ActivityType, description: string) {
      await db.insert(activities).values({ userId, type, description });
    },

    async recent(userId: string, limit: number) {
      const rows = await db
        .select()
        .from(activities)
        .where(eq(activities.userId, userId))
        .orderBy(desc(activities.createdAt), desc(activities.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        type: row.type as ActivityType,
        description: row.description,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}
