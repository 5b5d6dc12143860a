import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import type { NotificationType } from './notification.schemas.ts';

/** The six notification flags of a person (spec 2 §3), in the order the settings screen shows them. */
export const NOTIFICATION_FLAGS = [
  'emailNotifications',
  'pushNotifications',
  'projectUpdates',
  'dailyDigest',
  'weeklyReport',
  'systemAlerts',
] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];
export type NotificationPreferences = Record<NotificationFlag, boolean>;

/**
 * What a person has until they save their own: emails for project work and account events, no
 * digests, and no browser notifications until the browser has been allowed to show them.
 */
export const NOTIFICATION_PREFERENCE_DEFAULTS = {
  emailNotifications: true,
  pushNotifications: false,
  projectUpdates: true,
  dailyDigest: false,
  weeklyReport: false,
  systemAlerts: true,
} as const satisfies NotificationPreferences;

/** The flags that decide whether a notification of a kind is also emailed (with emailNotifications on). */
export const EMAIL_CATEGORIES = [
  'projectUpdates',
  'systemAlerts',
] as const satisfies readonly NotificationFlag[];
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

const EMAIL_CATEGORY_OF_TYPE = {
  project: 'projectUpdates',
  log: 'projectUpdates',
  task: 'projectUpdates',
  budget: 'projectUpdates',
  material: 'projectUpdates',
  testimonial: 'projectUpdates',
  rfq: 'projectUpdates',
  error: 'systemAlerts',
  other: 'systemAlerts',
} as const satisfies Record<NotificationType, EmailCategory>;

/** The email category of a notification type: project work, or security and account events. */
export function emailCategoryOf(type: NotificationType): EmailCategory {
  return EMAIL_CATEGORY_OF_TYPE[type];
}

/** Whether a notification of this category is emailed to a person with these preferences. */
export function wantsEmail(preferences: NotificationPreferences, category: EmailCategory): boolean {
  return preferences.emailNotifications && preferences[category];
}

const flag = (name: NotificationFlag) => z.boolean({ error: `${name} must be true or false` });

/** PUT /notifications/settings: any of the six flags, booleans only; a flag left out keeps its value. */
export const saveNotificationSettingsInput = z.strictObject(
  Object.fromEntries(NOTIFICATION_FLAGS.map((name) => [name, flag(name).optional()])) as Record<
    NotificationFlag,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type SaveNotificationSettingsInput = z.infer<typeof saveNotificationSettingsInput>;

export const notificationPreferencesDto = z.object(
  Object.fromEntries(NOTIFICATION_FLAGS.map((name) => [name, z.boolean()])) as Record<
    NotificationFlag,
    z.ZodBoolean
  >,
);

export const notificationSettingsAnswer = ok({ settings: notificationPreferencesDto });
export type NotificationSettingsAnswer = z.output<typeof notificationSettingsAnswer>;

export const NOTIFICATION_SETTINGS_SAVE_FAILED = 'Failed to save notification settings. Please try again.';

/** How often a digest of unread notifications is emailed. */
export const DIGEST_PERIODS = ['daily', 'weekly'] as const;
export type DigestPeriod = (typeof DIGEST_PERIODS)[number];
