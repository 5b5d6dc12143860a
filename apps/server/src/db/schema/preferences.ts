import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SessionTimeout } from '@trowel/shared/settings/security-preferences.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './people.ts';

/**
 * A person's notification flags and sign-in preferences, once they saved any (until then the
 * defaults of packages/shared apply: NOTIFICATION_PREFERENCE_DEFAULTS, SECURITY_PREFERENCE_DEFAULTS).
 */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull(),
  pushNotifications: boolean('push_notifications').notNull(),
  projectUpdates: boolean('project_updates').notNull(),
  dailyDigest: boolean('daily_digest').notNull(),
  weeklyReport: boolean('weekly_report').notNull(),
  systemAlerts: boolean('system_alerts').notNull(),
  sessionTimeout: text('session_timeout').$type<SessionTimeout>().notNull(),
  loginNotifications: boolean('login_notifications').notNull(),
  updatedAt: updatedAt(),
});
export type UserPreferencesRow = typeof userPreferences.$inferSelect;

/** Browsers a person has signed in from (a hash of each browser's own id), to tell a new one. */
export const userBrowsers = pgTable(
  'user_browsers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browserHash] })],
);
