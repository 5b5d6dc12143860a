import { can, type Actor } from '../auth/policy.ts';
import { projectScope } from '../auth/scope.ts';
import type { ProjectRef } from '../projects/project.policy.ts';
import {
  changeOrderMachine,
  type ChangeOrderAction,
  type ChangeOrderStatus,
} from './change-order.machine.ts';

/**
 * Who sees and acts on a project's change orders: the readers of every project's (admin, project
 * manager, QS, accountant); a project lead on the projects they lead; the project's client, once a
 * change order was sent to them. Both the server and the screens read these.
 */

/** Whether the actor drafts on any project (not only those they lead). */
const actsOnAnyProject = (actor: Pick<Actor, 'role'>) => can(actor, 'change-orders:read-all');

/** Whether the actor may list the project's change orders at all. */
export function canReadChangeOrders(actor: Actor, project: ProjectRef): boolean {
  if (actsOnAnyProject(actor)) return true;
  if (can(actor, 'change-orders:draft')) return project.projectLeadId === actor.id;
  return can(actor, 'change-orders:answer') && projectScope(actor) === 'own' && project.clientId === actor.id;
}

/** Whether the actor may draft, edit, send and withdraw change orders on the project. */
export function canDraftChangeOrders(actor: Actor, project: ProjectRef): boolean {
  if (!can(actor, 'change-orders:draft')) return false;
  return actsOnAnyProject(actor) || project.projectLeadId === actor.id;
}

/** Whether the actor is one of the project's staff for change orders (sees drafts and internal notes). */
export function seesChangeOrdersAsStaff(actor: Actor, project: ProjectRef): boolean {
  return actsOnAnyProject(actor) || canDraftChangeOrders(actor, project);
}

/** Whether a change order shows to someone who reads the project's change orders: a client sent ones only. */
export function canSeeChangeOrder(
  actor: Actor,
  project: ProjectRef,
  order: { sentAt: string | Date | null },
): boolean {
  if (!canReadChangeOrders(actor, project)) return false;
  return seesChangeOrdersAsStaff(actor, project) || order.sentAt !== null;
}

/** The steps the actor may take on this change order now (what the screen offers). */
export function changeOrderActions(
  actor: Actor,
  project: ProjectRef,
  order: { status: ChangeOrderStatus },
): ChangeOrderAction[] {
  const mayAct = canDraftChangeOrders(actor, project) || canReadChangeOrders(actor, project);
  if (!mayAct) return [];
  return changeOrderMachine
    .actionsFor(order.status, actor.role)
    .filter((action) =>
      action === 'approve' || action === 'decline'
        ? canReadChangeOrders(actor, project)
        : canDraftChangeOrders(actor, project),
    );
}

/** Whether the actor may edit the change order's fields now (a draft, by its project's staff). */
export function canEditChangeOrder(
  actor: Actor,
  project: ProjectRef,
  order: { status: ChangeOrderStatus },
): boolean {
  return order.status === 'draft' && canDraftChangeOrders(actor, project);
}
