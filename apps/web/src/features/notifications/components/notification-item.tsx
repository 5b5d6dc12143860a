import {
  NOTIFICATION_TYPE_LABELS,
  type NotificationDto,
  type NotificationType,
} from '@trowel/shared/notifications/notification.schemas.ts';
import {
  AlertTriangle,
  Bell,
  Building2,
  ClipboardList,
  FileText,
  Package,
  Star,
  Trash2,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format-date.ts';

interface NotificationItemProps {
  notification: NotificationDto;
  onOpen: (notification: NotificationDto) => void;
  onDelete: (notification: NotificationDto) => void;
  busy?: boolean;
}

/** The icon of each type, and its colours (the type's name is on the chip beside the date). */
const TYPE_ICONS = {
  project: [Building2, 'bg-blue-100 text-blue-700'],
  log: [ClipboardList, 'bg-slate-100 text-slate-700'],
  budget: [Wallet, 'bg-green-100 text-green-700'],
  task: [Wrench, 'bg-amber-100 text-amber-800'],
  material: [Package, 'bg-orange-100 text-orange-800'],
  testimonial: [Star, 'bg-yellow-100 text-yellow-800'],
  rfq: [FileText, 'bg-indigo-100 text-indigo-700'],
  error: [AlertTriangle, 'bg-red-100 text-red-700'],
  other: [Bell, 'bg-slate-100 text-slate-700'],
} as const satisfies Record<NotificationType, readonly [LucideIcon, string]>;

function TypeIcon({ type }: { type: NotificationType }) {
  const [Icon, colours] = TYPE_ICONS[type];
  return (
    <span
      className={cn('mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full', colours)}
    >
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}

/** Unread by either flag the server answers. */
export const isUnread = (notification: NotificationDto) => !(notification.read || notification.isRead);

/** One notification; opening it marks it read and follows its link when it has one. */
export function NotificationItem({ notification, onOpen, onDelete, busy }: NotificationItemProps) {
  const unread = isUnread(notification);
  const body = (
    <>
      <span className="flex items-center gap-2">
        {unread ? <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-blue-600" /> : null}
        <span className={cn('wrap-anywhere text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
          {notification.title}
        </span>
        {unread ? <span className="sr-only">(unread)</span> : null}
      </span>
      <span className="mt-0.5 block text-sm wrap-anywhere text-slate-600">{notification.message}</span>
      <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
          {NOTIFICATION_TYPE_LABELS[notification.type]}
        </span>
        <span>{formatDateTime(notification.createdAt || notification.timestamp)}</span>
      </span>
    </>
  );
  const linkClasses = cn('block min-w-0 flex-1 rounded-md p-1 text-left', focusRing);
  return (
    <li
      className={cn(
        'flex items-start gap-2 rounded-lg border p-3',
        unread ? 'border-blue-200 bg-blue-50/60' : 'border-slate-200 bg-white',
      )}
    >
      <TypeIcon type={notification.type} />
      {notification.link?.startsWith('/') ? (
        <Link to={notification.link} className={linkClasses} onClick={() => onOpen(notification)}>
          {body}
        </Link>
      ) : (
        <button type="button" className={linkClasses} onClick={() => onOpen(notification)}>
          {body}
        </button>
      )}
      <Button
        variant="ghost"
        size="icon"
        className="size-9 text-slate-500 hover:text-red-700"
        aria-label={`Delete notification: ${notification.title}`}
        onClick={() => onDelete(notification)}
        disabled={busy}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
