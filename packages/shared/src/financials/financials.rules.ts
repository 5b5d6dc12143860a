import { can, type Actor } from '../auth/policy.ts';
import { projectScope } from '../auth/scope.ts';
import type { InstallmentStatus } from './financials.schemas.ts';

/** An unpaid installment whose due date has passed shows as overdue, without anyone editing it. */
export function shownInstallmentStatus(
  status: InstallmentStatus,
  dueDate: string,
  today: string,
): InstallmentStatus {
  if (status === 'paid') return 'paid';
  return dueDate < today ? 'overdue' : 'pending';
}

/** Whether the actor may record a project's financials. */
export const canManageFinancials = (actor: Pick<Actor, 'role'>) => can(actor, 'financials:manage');

/** Whether the actor may read a project's financials: the finance roles, and the project's own client. */
export function canReadFinancials(actor: Actor, project: { clientId: string | null }): boolean {
  if (can(actor, 'financials:read')) return true;
  return projectScope(actor) === 'own' && project.clientId === actor.id;
}
