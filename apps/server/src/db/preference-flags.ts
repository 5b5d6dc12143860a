import { sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_CATEGORIES,
  NOTIFICATION_PREFERENCE_DEFAULTS,
  type NotificationFlag,
} from '@trowel/shared/notifications/notification-preferences.ts';

const COLUMN = {
  emailNotifications: 'email_notifications',
  pushNotifications: 'push_notifications',
  projectUpdates: 'project_updates',
  dailyDigest: 'daily_digest',
  weeklyReport: 'weekly_report',
  systemAlerts: 'system_alerts',
} as const satisfies Record<NotificationFlag, string>;

/**
 * A person's flag in SQL: their saved value from user_preferences (joined as `alias`), else the
 * shared default. Every query that decides who gets an email uses it, so defaults live in one place.
 */
export function preferenceFlag(alias: 'p', flag: NotificationFlag): SQL {
  return sql.raw(`coalesce(${alias}.${COLUMN[flag]}, ${NOTIFICATION_PREFERENCE_DEFAULTS[flag]})`);
}

/**
 * The email category flag named by `category` (an expression holding 'projectUpdates' or
 * 'systemAlerts'), for statements that email notices of several categories at once; false for any
 * other name.
 */
export function emailCategoryFlag(alias: 'p', category: SQL): SQL {
  const cases = EMAIL_CATEGORIES.map(
    (name) => sql` when ${sql.raw(`'${name}'`)} then ${preferenceFlag(alias, name)}`,
  );
  return sql`(case ${category}${sql.join(cases, sql``)} else false end)`;
}
