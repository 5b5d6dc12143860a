import { eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_PREFERENCE_DEFAULTS,
  type NotificationPreferences,
} from '@trowel/shared/notifications/notification-preferences.ts';
import {
  SECURITY_PREFERENCE_DEFAULTS,
  type SecurityPreferences,
} from '@trowel/shared/settings/security-preferences.ts';
import type { Db } from '../db/client.ts';
import { userBrowsers, userPreferences, type UserPreferencesRow } from '../db/schema.ts';

export type PersonalPreferences = NotificationPreferences & SecurityPreferences;

const DEFAULTS: PersonalPreferences = {
  ...NOTIFICATION_PREFERENCE_DEFAULTS,
  ...SECURITY_PREFERENCE_DEFAULTS,
};

/** A person's saved preferences over the shared defaults. */
function withDefaults(row: UserPreferencesRow | undefined): PersonalPreferences {
  if (!row) return { ...DEFAULTS };
  const { userId: _userId, updatedAt: _updatedAt, ...saved } = row;
  return saved;
}

/** People's notification flags and sign-in preferences, and the browsers they signed in from. */
export function preferencesRepository(db: Db) {
  return {
    async get(userId: string): Promise<PersonalPreferences> {
      const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
      return withDefaults(row);
    },

    /** Saves the given fields (the others keep their saved value or default); answers the result. */
    async save(userId: string, patch: Partial<PersonalPreferences>): Promise<PersonalPreferences> {
      const changed = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as Partial<PersonalPreferences>;
      const set = { ...changed, updatedAt: sql`now()` };
      const [row] = await db
        .insert(userPreferences)
        .values({ userId, ...DEFAULTS, ...changed })
        .onConflictDoUpdate({ target: userPreferences.userId, set })
        .returning();
      return withDefaults(row);
    },

    /**
     * Records a sign-in from a browser (by the hash of its own id): answers whether it is new for this
     * person and whether they had signed in from another browser before.
     */
    async recordBrowser(userId: string, browserHash: string) {
      const [known] = await db
        .select({
          same: sql<boolean>`bool_or(${userBrowsers.browserHash} = ${browserHash})`,
          others: sql<number>`count(*) filter (where ${userBrowsers.browserHash} <> ${browserHash})::int`,
        })
        .from(userBrowsers)
        .where(eq(userBrowsers.userId, userId));
      await db
        .insert(userBrowsers)
        .values({ userId, browserHash })
        .onConflictDoUpdate({
          target: [userBrowsers.userId, userBrowsers.browserHash],
          set: { lastSeenAt: sql`now()` },
        });
      return { isNew: !known?.same, seenOthers: (known?.others ?? 0) > 0 };
    },
  };
}

export type PreferencesRepository = ReturnType<typeof preferencesRepository>;
