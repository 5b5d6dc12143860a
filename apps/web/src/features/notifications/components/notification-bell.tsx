import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/** The badge text of an unread count: nothing for none, '99+' above 99. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** The header bell linking to /notifications, with the unread count when there is one. */
export function NotificationBell({ count = 0 }: { count?: number }) {
  const badge = unreadBadgeText(count);
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
