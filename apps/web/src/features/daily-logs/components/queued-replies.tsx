import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useUnsent } from '../../../lib/outbox/use-outbox.ts';
import { queuedFilesText } from '../../../lib/outbox/outbox.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { authorName } from './message-byline.tsx';
import { NotSentBadge } from './not-sent-badge.tsx';

/**
 * This person's replies to a log (or to one of its replies) that wait in the outbox, shown in the
 * thread where they will appear, marked as not sent yet.
 */
export function QueuedReplies({ logId, parentReplyId }: { logId: string; parentReplyId: string | null }) {
  const user = useCurrentUser();
  const queued = useUnsent(user.id, 'reply').filter(
    (item) =>
      item.preview['dailyLogId'] === logId && (item.preview['parentReplyId'] || null) === parentReplyId,
  );
  if (queued.length === 0) return null;
  return (
    <ul
      aria-label="Replies not sent yet"
      className="mt-3 space-y-3 border-l-2 border-dashed border-amber-300 pl-3"
    >
      {queued.map((item) => (
        <li key={item.id}>
          <article aria-label={`Reply by ${authorName(user)}, not sent yet`} className="text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{authorName(user)}</span>
              <NotSentBadge />
            </div>
            <p className="mt-1 wrap-anywhere whitespace-pre-wrap text-slate-800">{item.preview['message']}</p>
            <p className="mt-1 text-xs text-slate-600">
              Saved {formatDateTime(item.createdAt)}
              {queuedFilesText(item)} ·{' '}
              <Link to="/outbox" className="underline">
                Outbox
              </Link>
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
