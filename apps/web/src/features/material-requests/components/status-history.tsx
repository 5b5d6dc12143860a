import type { StatusHistoryEntry } from '@trowel/shared/workflow/history.schemas.ts';
import { StatusHistory } from '../../../components/ui/status-history.tsx';

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

/** Who took each step of a material request, when, with their notes. */
export function MaterialRequestHistory({ history }: { history: StatusHistoryEntry[] }) {
  return <StatusHistory history={history} labels={ACTION_LABELS} />;
}
