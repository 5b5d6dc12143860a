import type { NotificationDto } from '@trowel/shared/notifications/notification.schemas.ts';
import { USER_CACHE_PREFIX } from '../../../lib/session.ts';

// Under the per-user cache prefix, which signing out clears.
const keyFor = (userId: string) => `${USER_CACHE_PREFIX}notifications.${userId}`;

/** The last list loaded on this device for this user, or null when there is none (or it is unreadable). */
export function readCachedNotifications(userId: string): NotificationDto[] | null {
  try {
    const stored = window.localStorage.getItem(keyFor(userId));
    if (!stored) return null;
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as NotificationDto[]) : null;
  } catch {
    return null;
  }
}

/** Keeps the list for when loading fails later (storage full or blocked: nothing is kept). */
export function writeCachedNotifications(userId: string, notifications: readonly NotificationDto[]): void {
  try {
    window.localStorage.setItem(keyFor(userId), JSON.stringify(notifications));
  } catch {
    // Without storage there is simply no fallback list.
  }
}
