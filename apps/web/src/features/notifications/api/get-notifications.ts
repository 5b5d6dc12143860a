import { useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@trowel/shared/config/constants.ts';
import type { NotificationFeedAnswer } from '@trowel/shared/notifications/notification.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const NOTIFICATION_PAGE_SIZE = 20;

export function getNotifications({ page }: PageParam, signal?: AbortSignal): Promise<NotificationFeedAnswer> {
  return api.get<NotificationFeedAnswer>('/notifications', { page, limit: NOTIFICATION_PAGE_SIZE }, signal);
}

/** The user's notifications, newest first, refreshed every 30 seconds. */
export function useNotifications() {
  return useInfiniteQuery({
    ...pagedQueryOptions(queryKeys.notifications.feed, getNotifications),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}
