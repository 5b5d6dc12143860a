import type { StatusHistoryEntry } from '@trowel/shared/workflow/history.schemas.ts';
import { formatDateTime } from '../../../lib/format-date.ts';

const ACTION_LABELS: Record<string, string> = {
  create: 'Requested',
  edit: 'Edited',
  approve: 'Approved by lead',
  reject: 'Rejected by lead',
  return_to_engineer: 'Returned for review',
  resubmit: 'Resubmitted',
  mark_delivered: 'Marked delivered',
  mark_partially_delivered: 'Marked partially delivered',
  mark_unavailable: 'Marked unavailable',
};

/** Who took each step of a request, when, with their notes. */
export function MaterialRequestHistory({ history }: { history: StatusHistoryEntry[] }) {
  return (
    <ol aria-label="Request history" className="space-y-2 border-l-2 border-slate-200 pl-3">
      {history.map((entry) => (
        <li key={entry.id} className="text-sm">
          <p className="font-medium text-slate-900">{ACTION_LABELS[entry.action] ?? entry.action}</p>
          <p className="text-xs text-slate-600">
            {entry.actor?.name ?? 'Someone'} · {formatDateTime(entry.createdAt)}
          </p>
          {entry.remarks ? <p className="text-sm wrap-anywhere text-slate-700">{entry.remarks}</p> : null}
        </li>
      ))}
    </ol>
  );
}
