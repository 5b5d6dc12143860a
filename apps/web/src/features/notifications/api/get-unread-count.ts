import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@trowel/shared/config/constants.ts';
import type { UnreadCountAnswer } from '@trowel/shared/notifications/notification.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const { unreadCount } = await api.get<UnreadCountAnswer>('/notifications/unread-count', undefined, signal);
  return unreadCount;
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: 0,
  });
}

/** How many notifications are unread, checked every 30 seconds. */
export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
