import { nairaInHistory } from '@trowel/shared/workflow/history-amounts.ts';
import type { StatusHistoryEntry } from '@trowel/shared/workflow/history.schemas.ts';
import { formatDateTime } from '../../lib/format-date.ts';

/**
 * Who took each step of a workflow object, when, with their notes; `labels` words each action. Amounts
 * in the notes are shown as naira in the reader's number format.
 */
export function StatusHistory(props: {
  history: StatusHistoryEntry[];
  labels: Readonly<Record<string, string>>;
}) {
  return (
    <ol aria-label="Request history" className="space-y-2 border-l-2 border-slate-200 pl-3">
      {props.history.map((entry) => (
        <li key={entry.id} className="text-sm">
          <p className="font-medium text-slate-900">{props.labels[entry.action] ?? entry.action}</p>
          <p className="text-xs text-slate-600">
            {entry.actor?.name ?? 'Someone'} · {formatDateTime(entry.createdAt)}
          </p>
          {entry.remarks ? (
            <p className="text-sm wrap-anywhere text-slate-700">{nairaInHistory(entry.remarks)}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
