import { OUTBOX_MESSAGES, OUTBOX_STATE_LABELS } from '@trowel/shared/offline/outbox-messages.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { UploadProgress } from '../../components/ui/upload-progress.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { discardItem, queuedFilesText, retryItem } from '../../lib/outbox/outbox.ts';
import type { OutboxItem, OutboxState } from '../../lib/outbox/outbox-store.ts';
import { useOnline, useOutbox } from '../../lib/outbox/use-outbox.ts';
import { useCurrentUser } from '../../lib/session.ts';

const STATE_TONES = {
  waiting: 'amber',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
} as const satisfies Record<OutboxState, string>;

/** /outbox: what this phone keeps to send, in the order it goes, with each item's state. */
export function OutboxRoute() {
  useDocumentTitle('Outbox');
  const user = useCurrentUser();
  const { items, progress, paused } = useOutbox();
  const mine = items.filter((item) => item.userId === user.id);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Outbox"
        description="What you saved on this phone, sent in order when the network is there."
      />
      {paused ? <p className="text-sm text-amber-900">{OUTBOX_MESSAGES.paused}</p> : null}
      {mine.length === 0 ? (
        <EmptyState title={OUTBOX_MESSAGES.empty} description={OUTBOX_MESSAGES.emptyDescription} />
      ) : (
        <ol className="space-y-3" aria-label="Outbox items">
          {mine.map((item) => (
            <li key={item.id}>
              <OutboxEntry item={item} progress={progress[item.id] ?? 0} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function OutboxEntry({ item, progress }: { item: OutboxItem; progress: number }) {
  const online = useOnline();
  // Why it waits: what its last attempt met, else (never tried yet) that there is no network.
  const reason =
    item.state === 'sent'
      ? null
      : (item.error ?? (item.state === 'waiting' && !online ? OUTBOX_MESSAGES.noNetwork : null));
  return (
    <Card>
      <CardContent className="space-y-2 pt-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="min-w-0 font-medium break-words text-slate-900">{item.label}</p>
          <Badge tone={STATE_TONES[item.state]}>{OUTBOX_STATE_LABELS[item.state]}</Badge>
        </div>
        <p className="text-xs text-slate-600">
          Saved {formatDateTime(item.createdAt)}
          {item.sentAt ? ` · sent ${formatDateTime(item.sentAt)}` : ''}
          {queuedFilesText(item)}
        </p>
        {item.state === 'sending' && item.body.type === 'multipart' ? (
          <UploadProgress fraction={progress} />
        ) : null}
        {reason ? (
          <p className={item.state === 'failed' ? 'text-sm text-red-700' : 'text-sm text-slate-700'}>
            {reason}
          </p>
        ) : null}
        {item.state === 'failed' ? (
          <>
            <details className="text-sm text-slate-700">
              <summary className="cursor-pointer">What you wrote</summary>
              <pre className="mt-1 whitespace-pre-wrap break-words font-sans">{copyText(item)}</pre>
            </details>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void retryItem(item.id)}>
                Retry
              </Button>
              <Button size="sm" variant="outline" onClick={() => void discardItem(item.id)}>
                Discard
              </Button>
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Ids and counts kept for the screens, not what the person wrote. */
const HIDDEN_FIELDS = new Set(['files', 'projectId', 'dailyLogId', 'parentReplyId', 'orderId']);

/** The captured fields as plain text, for the person to copy before discarding a refused item. */
function copyText(item: OutboxItem): string {
  return Object.entries(item.preview)
    .filter(([name]) => !HIDDEN_FIELDS.has(name))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}
