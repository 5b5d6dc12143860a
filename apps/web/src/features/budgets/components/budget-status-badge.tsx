import { BUDGET_STATUS_LABELS, type BudgetStatus } from '@trowel/shared/budgets/budget.machine.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES = {
  draft: 'neutral',
  pending_qs: 'amber',
  pending_accountant: 'amber',
  pending_admin: 'blue',
  approved: 'green',
  revision_needed: 'amber',
  rejected: 'red',
} as const satisfies Record<BudgetStatus, 'neutral' | 'amber' | 'blue' | 'green' | 'red'>;

export function BudgetStatusBadge({ status }: { status: BudgetStatus }) {
  return <Badge tone={TONES[status]}>{BUDGET_STATUS_LABELS[status]}</Badge>;
}
