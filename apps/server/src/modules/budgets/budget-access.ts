import { can } from '@trowel/shared/auth/policy.ts';
import { budgetMachine, type BudgetAction } from '@trowel/shared/budgets/budget.machine.ts';
import {
  budgetDeleteRefusal,
  budgetEditRefusal,
  canSeeBudget,
  mayTakeStep,
  type BudgetRefusal,
} from '@trowel/shared/budgets/budget.policy.ts';
import { BUDGET_STATUS_PHRASES } from '@trowel/shared/budgets/budget.notices.ts';
import { leadsProject } from '@trowel/shared/projects/project.policy.ts';
import type { Repositories } from '../../context.ts';
import type { ModuleContext } from '../../platform.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { BudgetWithRefs } from './budgets.repository.ts';
import { assertMayTake } from '../../workflow/step.ts';

/**
 * Object-level rules of budgets, read from the shared policy. Routes run them before the body is
 * looked at (`config.authorize`); services run them again on the row locked by the transaction.
 */

const projectRef = (row: BudgetWithRefs) => ({ projectLeadId: row.projectLeadId, clientId: row.clientId });

/** The budget if the actor sees it; 404 otherwise (also a draft of someone else). */
export function seenBudget<Row extends BudgetWithRefs>(actor: AuthUser, row: Row | null): Row {
  if (!row || !canSeeBudget(actor, row, projectRef(row))) throw notFound('Budget');
  return row;
}

/** Turns a refusal of the shared policy into its answer: 403 for who, 409 for when. */
export function refuse(refusal: BudgetRefusal, doing: string, row: BudgetWithRefs) {
  if (refusal === 'role') throw forbidden(`You don't have permission to ${doing} this budget`);
  if (refusal === 'state') {
    throw new AppError(
      'INVALID_STATE',
      `You cannot ${doing} this budget while it is ${BUDGET_STATUS_PHRASES[row.status]}`,
    );
  }
}

export const editRefusal = (actor: AuthUser, row: BudgetWithRefs) =>
  budgetEditRefusal(actor, row, projectRef(row));

/** Whether the actor may send this budget (back) into the chain now, by role, person and state. */
export function resubmitRefusal(actor: AuthUser, row: BudgetWithRefs, qsReviewEnabled: boolean) {
  const check = budgetMachine.check(row.status, 'resubmit', actor.role, {
    qsReviewEnabled,
    authorRole: row.authorRole,
  });
  if (!check.allowed) return check.refusal;
  return mayTakeStep(actor, 'resubmit', row, projectRef(row)) ? null : 'role';
}

/** Saving an edit of a returned budget as its lead sends it back into the chain (spec 2 §4). */
export const editResubmits = (actor: AuthUser, row: BudgetWithRefs) =>
  row.status === 'revision_needed' && leadsProject(actor, projectRef(row));

export const stepAllowedForPerson = (actor: AuthUser, action: BudgetAction, row: BudgetWithRefs) =>
  mayTakeStep(actor, action, row, projectRef(row));

/** The project a budget list or a new budget is about: 404 when missing or not led by a lead who asks. */
export async function budgetProject(repos: Repositories, actor: AuthUser, projectId: string) {
  const project = await repos.projects.findVisible(actor, projectId);
  if (!project || (can(actor, 'projects:lead') && !leadsProject(actor, project))) throw notFound('Project');
  return project;
}

/** Route checks: see the budget (404), and for a change, may this person ever make it (403). */
export const budgetRules = (ctx: ModuleContext) => ({
  see: async (actor: AuthUser, params: Record<string, string>) =>
    seenBudget(actor, await ctx.budgets.find(params.id!)),
  edit: async (actor: AuthUser, params: Record<string, string>) => {
    const row = seenBudget(actor, await ctx.budgets.find(params.id!));
    const qs = await ctx.settings.qsReviewEnabled();
    if (editRefusal(actor, row) === 'role' && resubmitRefusal(actor, row, qs) === 'role') {
      throw forbidden("You don't have permission to edit this budget");
    }
  },
  documents: async (actor: AuthUser, params: Record<string, string>) => {
    const row = seenBudget(actor, await ctx.budgets.find(params.id!));
    refuse(editRefusal(actor, row), 'edit', row);
  },
  remove: async (actor: AuthUser, params: Record<string, string>) => {
    const row = seenBudget(actor, await ctx.budgets.find(params.id!));
    if (budgetDeleteRefusal(actor, row) === 'role') refuse('role', 'delete', row);
  },
  /**
   * A role that never takes the step is refused before anything else; whether the budget is seen
   * (404) is asked of the row the step locks.
   */
  step: (action: BudgetAction) => (actor: AuthUser) => {
    assertMayTake(budgetMachine, action, actor);
    return Promise.resolve();
  },
});
