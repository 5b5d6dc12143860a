import {
  NOTIFICATION_FLAGS,
  type NotificationPreferences,
  type SaveNotificationSettingsInput,
} from '@trowel/shared/notifications/notification-preferences.ts';
import type { ModuleContext } from '../../platform.ts';
import { personalPreferences, savePersonalPreferences } from '../../preferences/personal-preferences.ts';
import type { PersonalPreferences } from '../../preferences/preferences.repository.ts';

const flagsOf = (preferences: PersonalPreferences): NotificationPreferences =>
  Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, preferences[flag]])) as NotificationPreferences;

/** The person's six notification flags (their saved values over the defaults). */
export async function notificationSettings(ctx: ModuleContext, userId: string) {
  return flagsOf(await personalPreferences(ctx, userId));
}

/** Saves the flags given; the next notifications and digests follow them. */
export async function saveNotificationSettings(
  ctx: ModuleContext,
  userId: string,
  input: SaveNotificationSettingsInput,
) {
  return flagsOf(await savePersonalPreferences(ctx, userId, input));
}
