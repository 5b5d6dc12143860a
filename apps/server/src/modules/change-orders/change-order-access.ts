import { can } from '@trowel/shared/auth/policy.ts';
import { projectScope } from '@trowel/shared/auth/scope.ts';
import {
  canDraftChangeOrders,
  canReadChangeOrders,
  canSeeChangeOrder,
} from '@trowel/shared/change-orders/change-order.policy.ts';
import type { ChangeOrderAction } from '@trowel/shared/change-orders/change-order.machine.ts';
import { changeOrderMachine } from '@trowel/shared/change-orders/change-order.machine.ts';
import type { Repositories } from '../../context.ts';
import type { ModuleContext } from '../../platform.ts';
import type { AuthUser } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { assertMayTake } from '../../workflow/step.ts';
import type { ChangeOrderWithProject } from './change-orders.repository.ts';

/**
 * Object-level rules of change orders, from the shared policy. Routes run them before the body is
 * read (`config.authorize`); the service runs them again on the row it locks.
 */

const NOUN = 'Change order';

/**
 * Whether the actor's role has anything to do with change orders: 403 for staff who do not, 404
 * for a vendor (who sees no project at all).
 */
export function assertChangeOrderRole(actor: AuthUser) {
  const involved =
    can(actor, 'change-orders:read-all') ||
    can(actor, 'change-orders:draft') ||
    can(actor, 'change-orders:answer');
  if (involved) return;
  if (projectScope(actor) === 'none') throw notFound('Project');
  throw forbidden("You don't have permission to see change orders");
}

/** The project whose change orders the actor reads: 404 when they may not see it or its change orders. */
export async function readableProject(repos: Repositories, actor: AuthUser, projectId: string) {
  assertChangeOrderRole(actor);
  const project = await repos.projects.findVisible(actor, projectId);
  if (!project || !canReadChangeOrders(actor, project)) throw notFound('Project');
  return project;
}

/** The project the actor drafts a change order on: 404 unseen, 403 not theirs to draft on. */
export async function draftableProject(repos: Repositories, actor: AuthUser, projectId: string) {
  const project = await repos.projects.findVisible(actor, projectId);
  if (!project || !canReadChangeOrders(actor, project)) throw notFound('Project');
  if (!canDraftChangeOrders(actor, project)) {
    throw forbidden('You can only draft change orders on projects you lead');
  }
  return project;
}

/** The change order if the actor sees it (a client, once sent to them); null otherwise. */
export function seenChangeOrder<Row extends ChangeOrderWithProject>(actor: AuthUser, row: Row | null) {
  return row && canSeeChangeOrder(actor, row, row) ? row : null;
}

/** Route checks: see the change order (404), edit it (403 for who may not), take a step. */
export const changeOrderRules = (ctx: ModuleContext) => {
  const see = async (actor: AuthUser, params: Record<string, string>) => {
    assertChangeOrderRole(actor);
    const row = seenChangeOrder(actor, await ctx.changeOrders.find(params.id!));
    if (!row) throw notFound(NOUN);
    return row;
  };
  return {
    see,
    projectReader: (actor: AuthUser, params: Record<string, string>) =>
      readableProject(ctx, actor, params.id!),
    projectDrafter: (actor: AuthUser, params: Record<string, string>) =>
      draftableProject(ctx, actor, params.id!),
    edit: async (actor: AuthUser, params: Record<string, string>) => {
      const row = await see(actor, params);
      if (!canDraftChangeOrders(actor, row))
        throw forbidden("You don't have permission to edit this change order");
    },
    step: (action: ChangeOrderAction) => async (actor: AuthUser, params: Record<string, string>) => {
      assertMayTake(changeOrderMachine, action, actor);
      await see(actor, params);
    },
  };
};
