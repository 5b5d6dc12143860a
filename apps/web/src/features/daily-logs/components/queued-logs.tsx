import { Link } from 'react-router';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useUnsent } from '../../../lib/outbox/use-outbox.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { NotSentBadge } from './not-sent-badge.tsx';

/** Logs this person saved that the outbox has not sent yet, at the top of the list they will join. */
export function QueuedLogs({ projectId }: { projectId: string }) {
  const user = useCurrentUser();
  const queued = useUnsent(user.id, 'daily-log').filter((item) => !projectId || item.projectId === projectId);
  if (queued.length === 0) return null;
  return (
    <ol className="mb-4 space-y-3" aria-label="Logs not sent yet">
      {queued.map((item) => (
        <li key={item.id}>
          <Card className="border-dashed border-amber-300">
            <CardContent className="space-y-1 pt-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-semibold break-words text-slate-900">{item.preview['title']}</p>
                <NotSentBadge />
              </div>
              <p className="text-sm break-words whitespace-pre-wrap text-slate-700">
                {item.preview['message']}
              </p>
              <p className="text-xs text-slate-600">
                Saved {formatDateTime(item.createdAt)} ·{' '}
                <Link to="/outbox" className="underline">
                  Outbox
                </Link>
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ol>
  );
}
