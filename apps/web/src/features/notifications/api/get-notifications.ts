import { useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@trowel/shared/config/constants.ts';
import type { NotificationFeedAnswer } from '@trowel/shared/notifications/notification.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const NOTIFICATION_PAGE_SIZE = 20;

export function getNotifications(
  { page }: PageParam,
  signal?: AbortSignal,
  unreadOnly = false,
): Promise<NotificationFeedAnswer> {
  return api.get<NotificationFeedAnswer>(
    '/notifications',
    { page, limit: NOTIFICATION_PAGE_SIZE, unreadOnly: unreadOnly ? 'true' : undefined },
    signal,
  );
}

/** The user's notifications (or only the unread ones), newest first, refreshed every 30 seconds. */
export function useNotifications(unreadOnly = false) {
  return useInfiniteQuery({
    ...pagedQueryOptions(
      unreadOnly ? queryKeys.notifications.unreadFeed : queryKeys.notifications.feed,
      (param, signal) => getNotifications(param, signal, unreadOnly),
    ),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}
