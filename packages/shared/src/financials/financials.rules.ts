import { can, type Actor } from '../auth/policy.ts';
import { projectScope } from '../auth/scope.ts';
import { fromKobo, toKobo } from '../budgets/budget.money.ts';
import type { InstallmentStatus } from './financials.schemas.ts';

/** What the client still owes: the project's value less the initial payment (spec 2 §2), exact. */
export function outstandingBalance(totalProjectValue: number, initialPayment: number): number {
  return fromKobo(toKobo(totalProjectValue) - toKobo(initialPayment));
}

/** An unpaid installment whose due date has passed shows as overdue, without anyone editing it. */
export function shownInstallmentStatus(
  status: InstallmentStatus,
  dueDate: string,
  today: string,
): InstallmentStatus {
  if (status === 'paid') return 'paid';
  return dueDate < today ? 'overdue' : 'pending';
}

/** The initial payment plus the paid installments. */
export function amountPaid(
  initialPayment: number,
  installments: ReadonlyArray<{ amount: number; status: InstallmentStatus }>,
): number {
  const paid = installments
    .filter((installment) => installment.status === 'paid')
    .reduce((sum, installment) => sum + toKobo(installment.amount), 0);
  return fromKobo(toKobo(initialPayment) + paid);
}

/** Whether the actor may record a project's financials. */
export const canManageFinancials = (actor: Pick<Actor, 'role'>) => can(actor, 'financials:manage');

/** Whether the actor may read a project's financials: the finance roles, and the project's own client. */
export function canReadFinancials(actor: Actor, project: { clientId: string | null }): boolean {
  if (can(actor, 'financials:read')) return true;
  return projectScope(actor) === 'own' && project.clientId === actor.id;
}
