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
  };
}
