import { unreadBadgeText } from '@trowel/shared/notifications/notification.schemas.ts';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';

/** The header bell linking to /notifications, with the unread count (checked every 30 s) when there is one. */
export function NotificationBell() {
  const unread = useUnreadCount();
  const badge = unreadBadgeText(unread.data ?? 0);
  return (
    <Link
      to="/notifications"
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
        focusRing,
      )}
    >
      <Bell aria-hidden="true" className="size-5" />
      <span className="sr-only">{badge ? `Notifications, ${badge} unread` : 'Notifications'}</span>
      {badge ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
