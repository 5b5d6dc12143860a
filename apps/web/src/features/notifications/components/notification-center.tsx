import type { NotificationDto } from '@trowel/shared/notifications/notification.schemas.ts';
import { CheckCheck, RefreshCw, Settings } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { readCachedNotifications, writeCachedNotifications } from '../hooks/notification-cache.ts';
import { isUnread, NotificationItem } from './notification-item.tsx';

/** The notifications page: refresh, mark all read, settings link and the list (cached copy on failure). */
export function NotificationCenter() {
  const user = useCurrentUser();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = useNotifications(unreadOnly);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const loaded = query.data?.pages.flatMap((page) => page.notifications);

  const data = query.data;
  useEffect(() => {
    // The device keeps the full list only: the unread filter is a view of it.
    if (data && !unreadOnly)
      writeCachedNotifications(
        user.id,
        data.pages.flatMap((page) => page.notifications),
      );
  }, [data, user.id, unreadOnly]);

  const stored = query.isError && !loaded ? readCachedNotifications(user.id) : null;
  const cached = stored && unreadOnly ? stored.filter(isUnread) : stored;
  const notifications = loaded ?? cached ?? [];
  const unreadCount = query.data?.pages[0]?.unreadCount ?? notifications.filter(isUnread).length;

  const open = (notification: NotificationDto) => {
    if (isUnread(notification)) markRead.mutate(notification.id);
  };
  const onDelete = (notification: NotificationDto) =>
    remove.mutate(notification.id, {
      onError: (error) =>
        toast.error('Delete Failed', { description: errorMessage(error, 'Please try again.') }),
    });
  const readAll = () =>
    markAllRead.mutate(undefined, {
      onSuccess: () => toast.success('All notifications marked as read'),
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Please try again.') }),
    });

  let body;
  if (query.isPending) {
    body = <LoadingState label="Loading notifications..." />;
  } else if (query.isError && !cached) {
    body = <QueryErrorState title="Error Loading Notifications" query={query} />;
  } else if (notifications.length === 0) {
    body = unreadOnly ? (
      <EmptyState title="No unread notifications" description="You're all caught up." />
    ) : (
      <EmptyState title="No notifications" description="You're all caught up." />
    );
  } else {
    body = (
      <ul aria-label="Notifications" className="space-y-2">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={open}
            onDelete={onDelete}
            busy={remove.isPending && remove.variables === notification.id}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-label="Notification list" className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <div role="group" aria-label="Show" className="inline-flex rounded-md border border-slate-300 p-0.5">
          {(
            [
              [false, 'All'],
              [true, 'Unread'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={unreadOnly === value}
              onClick={() => setUnreadOnly(value)}
              className="rounded px-3 py-1 text-sm font-medium text-slate-700 aria-pressed:bg-blue-600 aria-pressed:text-white"
            >
              {label}
            </button>
          ))}
        </div>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
        <Button size="sm" onClick={readAll} disabled={unreadCount === 0 || markAllRead.isPending}>
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Notification Settings
          </Link>
        </Button>
      </div>
      {cached ? (
        <Alert title="Failed to load notifications">
          Showing the notifications last saved on this device.{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            Try Again
          </button>
        </Alert>
      ) : null}
      {body}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
