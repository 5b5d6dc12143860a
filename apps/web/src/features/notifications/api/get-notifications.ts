import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@trowel/shared/config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import type { NotificationListResponse } from '../types.ts';

export const NOTIFICATION_PAGE_SIZE = 20;

export function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationListResponse> {
  return api.get<NotificationListResponse>('/notifications', { page, limit: NOTIFICATION_PAGE_SIZE }, signal);
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNext ? last.pagination.currentPage + 1 : undefined),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

/** The user's notifications, newest first, refreshed every 30 seconds. */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
