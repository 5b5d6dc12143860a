import { can, type Actor } from './policy.ts';
import { projectScope } from './scope.ts';

/**
 * The kinds of money an answer or export can carry. Internal costs (budgets, spent, utilisation,
 * later budget lines and quotes) are the company's; a project's value, with what its client paid and
 * still owes, is the project's financials.
 */
export type MoneyKind = 'internal-cost' | 'project-value';

/**
 * Whether the viewer may see money of this kind: staff internal costs; the project's value and
 * payments those who read financials and clients (of their own projects, the only ones they see);
 * vendors none of a project's money. Every answer and export that carries money asks this, so a
 * figure hidden from a viewer is hidden everywhere.
 */
export function maySeeMoney(actor: Pick<Actor, 'role'>, kind: MoneyKind): boolean {
  if (kind === 'internal-cost') return can(actor, 'costs:read-internal');
  return can(actor, 'financials:read') || projectScope(actor) === 'own';
}

/** The figure when the viewer may see it, else null. */
export function shownMoney(actor: Pick<Actor, 'role'>, kind: MoneyKind, value: number): number | null {
  return maySeeMoney(actor, kind) ? value : null;
}
