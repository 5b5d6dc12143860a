import { can, type Actor } from '../auth/policy.ts';
import { isOffered, type ProjectChoice, type ProjectStanding } from '../projects/project-choice.ts';
import { leadsProject, seesProjectFigures, type ProjectRef } from '../projects/project.policy.ts';
import {
  budgetMachine,
  type BudgetAction,
  type BudgetMachineOptions,
  type BudgetStatus,
} from './budget.machine.ts';

/** What the budget rules read of a budget. */
export interface BudgetRef {
  status: BudgetStatus;
  authorId: string;
}

/** Why a change is refused: the role or person never may (403), or not in this status (409). */
export type BudgetRefusal = 'role' | 'state' | null;

/**
 * The projects a person may create budgets on: leads and architects those they lead, the other
 * budget authors every project they see, anyone else none.
 */
export function budgetProjectChoice(actor: Actor): ProjectChoice {
  if (!can(actor, 'budgets:create')) return 'none';
  return can(actor, 'projects:lead') ? 'led' : 'visible';
}

/** Whether the actor may create a budget on this project (the server's check and the form's choices). */
export function canCreateBudget(actor: Actor, project: ProjectStanding): boolean {
  return isOffered(budgetProjectChoice(actor), actor, project);
}

/**
 * Whether the actor sees this budget: the budget readers, leads and architects only on projects they
 * lead, and a draft only its author and the administrator.
 */
export function canSeeBudget(actor: Actor, budget: BudgetRef, project: ProjectRef): boolean {
  if (!can(actor, 'budgets:read')) return false;
  if (!seesProjectFigures(actor, project)) return false;
  if (budget.status === 'draft') return budget.authorId === actor.id || actor.role === 'admin';
  return true;
}

/**
 * Who edits in which status (spec 2 §6): a lead or architect when revision_needed; the accountant
 * when pending_accountant; the QS when pending_accountant or revision_needed; the administrator
 * always; and the author their own draft. Documents follow the same rule (spec 2 §5).
 */
export function budgetEditRefusal(actor: Actor, budget: BudgetRef, project: ProjectRef): BudgetRefusal {
  if (actor.role === 'admin') return null;
  if (budget.status === 'draft' && budget.authorId === actor.id) return null;
  const statuses = editableStatuses(actor, project);
  if (statuses.length === 0) return 'role';
  return statuses.includes(budget.status) ? null : 'state';
}

function editableStatuses(actor: Actor, project: ProjectRef): readonly BudgetStatus[] {
  switch (actor.role) {
    case 'project_lead':
    case 'architect':
      return leadsProject(actor, project) ? ['revision_needed'] : [];
    case 'accountant':
      return ['pending_accountant'];
    case 'quantity_surveyor':
      return ['pending_accountant', 'revision_needed'];
    default:
      return [];
  }
}

/** Delete: the administrator, and the author while it is a draft. */
export function budgetDeleteRefusal(actor: Actor, budget: BudgetRef): BudgetRefusal {
  if (actor.role === 'admin') return null;
  if (budget.authorId !== actor.id) return 'role';
  return budget.status === 'draft' ? null : 'state';
}

/**
 * The person-level rule of a step on top of the machine's role table: a draft is submitted by its
 * author; a returned budget by the project's lead, its author or a QS.
 */
export function mayTakeStep(actor: Actor, action: BudgetAction, budget: BudgetRef, project: ProjectRef) {
  if (action !== 'resubmit') return true;
  if (budget.status === 'draft') return budget.authorId === actor.id;
  return budget.authorId === actor.id || leadsProject(actor, project) || actor.role === 'quantity_surveyor';
}

export interface BudgetAbilities {
  /** The steps the actor may take now (what the screen offers). */
  actions: BudgetAction[];
  edit: boolean;
  documents: boolean;
  delete: boolean;
}

/** What this user may do to this budget now; the screen shows controls from it, the server enforces it. */
export function budgetAbilities(actor: Actor, budget: BudgetRef, project: ProjectRef): BudgetAbilities {
  const edit = budgetEditRefusal(actor, budget, project) === null;
  return {
    actions: budgetMachine
      .actionsFor(budget.status, actor.role)
      .filter((action) => mayTakeStep(actor, action, budget, project)),
    edit,
    documents: edit,
    delete: budgetDeleteRefusal(actor, budget) === null,
  };
}

/** The machine's options for a budget: the QS switch and its author's role. */
export const budgetOptions = (qsReviewEnabled: boolean, authorRole: BudgetMachineOptions['authorRole']) => ({
  qsReviewEnabled,
  authorRole,
});
