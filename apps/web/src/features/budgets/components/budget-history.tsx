import { BUDGET_STATUS_LABELS, budgetMachine } from '@trowel/shared/budgets/budget.machine.ts';
import { roleLabel } from '@trowel/shared/auth/roles.ts';
import type { StatusHistoryEntry } from '@trowel/shared/workflow/history.schemas.ts';
import { formatDateTime } from '../../../lib/format-date.ts';

const ACTION_WORDS: Record<string, string> = {
  create: 'Created',
  edit: 'Edited',
  'add-documents': 'Added documents',
  'remove-document': 'Removed a document',
  resubmit: 'Submitted',
  'qs-approve-to-accountant': 'QS approved to the accountant',
  'qs-return-to-lead': 'QS returned to the lead',
  'qs-reject': 'QS rejected',
  'push-to-admin': 'Pushed to the administrator',
  'return-to-lead': 'Returned to the lead',
  'return-to-lead-qs': 'Returned to the QS',
  reject: 'Rejected',
  approve: 'Approved',
};

const statusLabel = (status: string | null) =>
  status && budgetMachine.isState(status) ? BUDGET_STATUS_LABELS[status] : (status ?? '');

/** Every step of a budget, oldest first: who, in which role, what, from which status to which, with remarks. */
export function BudgetHistory({ entries }: { entries: readonly StatusHistoryEntry[] }) {
  return (
    <ol aria-label="Budget history" className="space-y-3 border-l-2 border-slate-200 pl-4">
      {entries.map((entry) => (
        <li key={entry.id} className="relative text-sm">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-blue-600"
          />
          <p className="font-medium text-slate-900">
            {ACTION_WORDS[entry.action] ?? entry.action}
            {entry.fromStatus !== entry.toStatus ? (
              <span className="font-normal text-slate-600">
                {' '}
                · {entry.fromStatus ? `${statusLabel(entry.fromStatus)} → ` : ''}
                {statusLabel(entry.toStatus)}
              </span>
            ) : null}
          </p>
          <p className="text-xs text-slate-500">
            {entry.actor ? `${entry.actor.name} (${roleLabel(entry.actor.role)})` : 'Former user'} ·{' '}
            {formatDateTime(entry.createdAt)}
          </p>
          {entry.remarks ? (
            <p className="mt-1 wrap-anywhere whitespace-pre-line text-slate-700">{entry.remarks}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
