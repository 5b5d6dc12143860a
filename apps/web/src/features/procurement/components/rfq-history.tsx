import type { RfqHistoryEntry } from '@trowel/shared/procurement/rfq.schemas.ts';
import { nairaInHistory } from '@trowel/shared/workflow/history-amounts.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

/** The RFQ's history (spec 3 §2.3): each step, who took it and when; amounts shown as naira. */
export function RfqHistory({ history }: { history: RfqHistoryEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent>
        <ol aria-label="RFQ history" className="space-y-2 text-sm">
          {history.map((entry) => (
            <li key={entry.id}>
              <span className="font-medium wrap-anywhere">{nairaInHistory(entry.description)}</span>
              <span className="block text-xs text-slate-500">
                {entry.user?.name ?? 'Unknown User'} · {formatDateTime(entry.performedAt)}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
