import { useEffect, useRef } from 'react';
import { useNotificationSettings } from '../api/notification-settings.ts';

/**
 * Push notifications (a person's pushNotifications flag): while Trowel is open, a rise in the unread
 * count shows a browser notification, if the browser was allowed to show them.
 */
export function useBrowserNotifications(unread: number | undefined) {
  // Only asked once the browser may show notifications at all.
  const allowed = typeof Notification !== 'undefined' && Notification.permission === 'granted';
  const settings = useNotificationSettings(allowed);
  const previous = useRef<number | undefined>(undefined);
  const wanted = allowed && settings.data?.pushNotifications === true;
  useEffect(() => {
    const before = previous.current;
    previous.current = unread;
    if (!wanted || unread === undefined || before === undefined || unread <= before) return;
    const count = unread - before;
    new Notification('Trowel', {
      body: count === 1 ? 'You have a new notification.' : `You have ${count} new notifications.`,
      tag: 'trowel-notifications',
    });
  }, [unread, wanted]);
}
