import type { Role } from '../auth/roles.ts';
import { defineMachine } from '../workflow/machine.ts';

/** Budget statuses (spec 2 §4). Only approved budgets count as spent. */
export const BUDGET_STATUSES = [
  'draft',
  'pending_qs',
  'pending_accountant',
  'pending_admin',
  'approved',
  'revision_needed',
  'rejected',
] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

/** What the budget machine reads: the QS review switch and who wrote the budget (where a draft enters). */
export interface BudgetMachineOptions {
  qsReviewEnabled: boolean;
  authorRole: Role;
}

/**
 * Where a submitted budget enters the chain: where its author stands. A lead's or architect's goes to
 * the QS when the review is on, else to the accountant; a QS's to the accountant; an accountant's or
 * administrator's to the administrator.
 */
export function entryStatus(authorRole: Role, qsReviewEnabled: boolean): BudgetStatus {
  switch (authorRole) {
    case 'quantity_surveyor':
      return 'pending_accountant';
    case 'accountant':
    case 'admin':
      return 'pending_admin';
    default:
      return qsReviewEnabled ? 'pending_qs' : 'pending_accountant';
  }
}

/** Roles that may write a budget (leads and architects for projects they lead). */
export const BUDGET_AUTHOR_ROLES = [
  'project_lead',
  'architect',
  'quantity_surveyor',
  'accountant',
  'admin',
] as const satisfies readonly Role[];

/**
 * The budget approval chain: lead → (QS) → accountant → admin. Each reviewer acts only at their own
 * step; a returned budget goes back to the lead, whose resubmission re-enters at the QS or the
 * accountant by the switch; a draft is submitted (resubmit) to where its author stands.
 */
export const budgetMachine = defineMachine({
  name: 'budget',
  states: BUDGET_STATUSES,
  rules: {
    'qs-approve-to-accountant': {
      from: ['pending_qs'],
      to: 'pending_accountant',
      roles: ['quantity_surveyor'],
    },
    'qs-return-to-lead': { from: ['pending_qs'], to: 'revision_needed', roles: ['quantity_surveyor'] },
    'qs-reject': { from: ['pending_qs'], to: 'rejected', roles: ['quantity_surveyor'] },
    'push-to-admin': { from: ['pending_accountant'], to: 'pending_admin', roles: ['accountant'] },
    'return-to-lead': {
      from: ['pending_accountant', 'pending_admin'],
      to: 'revision_needed',
      roles: ['accountant', 'admin'],
      fromByRole: { accountant: ['pending_accountant'], admin: ['pending_admin'] },
    },
    reject: {
      from: ['pending_accountant', 'pending_admin'],
      to: 'rejected',
      roles: ['accountant', 'admin'],
      fromByRole: { accountant: ['pending_accountant'], admin: ['pending_admin'] },
    },
    approve: { from: ['pending_admin'], to: 'approved', roles: ['admin'] },
    'return-to-lead-qs': { from: ['pending_admin'], to: 'pending_qs', roles: ['admin'] },
    resubmit: {
      from: ['draft', 'revision_needed'],
      to: (options: BudgetMachineOptions, from) =>
        from === 'draft'
          ? entryStatus(options.authorRole, options.qsReviewEnabled)
          : options.qsReviewEnabled
            ? 'pending_qs'
            : 'pending_accountant',
      roles: BUDGET_AUTHOR_ROLES,
      fromByRole: {
        // The chain's reviewers resubmit only their own drafts; a returned budget is the lead's.
        accountant: ['draft'],
        admin: ['draft'],
      },
    },
  },
});

export type BudgetAction = (typeof budgetMachine.actions)[number];
export const BUDGET_ACTIONS = budgetMachine.actions;

/** Actions that carry the QS's remarks (`qsRemarks`) rather than `remarks`. */
export const QS_REMARK_ACTIONS: readonly BudgetAction[] = [
  'qs-approve-to-accountant',
  'qs-return-to-lead',
  'qs-reject',
];

/** Steps whose screen asks for the reviewer's remarks first (returns, rejections, the QS's approval). */
export const REMARK_ACTIONS: readonly BudgetAction[] = [
  ...QS_REMARK_ACTIONS,
  'return-to-lead',
  'return-to-lead-qs',
  'reject',
];

/** Returns and rejections: the author is told why, so remarks are required (400 without). */
export const REASON_ACTIONS: readonly BudgetAction[] = [
  'qs-return-to-lead',
  'qs-reject',
  'return-to-lead',
  'return-to-lead-qs',
  'reject',
];
export const BUDGET_REASON_REQUIRED = 'Add your remarks: the author needs to know what to change, or why not';

/** Actions after which the budget's author is told (a return, a rejection, an approval). */
export const AUTHOR_TOLD_ACTIONS = [
  'qs-return-to-lead',
  'qs-reject',
  'return-to-lead',
  'reject',
  'approve',
] as const satisfies readonly BudgetAction[];
export type AuthorToldAction = (typeof AUTHOR_TOLD_ACTIONS)[number];

export const isAuthorTold = (action: BudgetAction | 'create'): action is AuthorToldAction =>
  (AUTHOR_TOLD_ACTIONS as readonly string[]).includes(action);

/** The role that acts next on a budget in this status, if any. */
export function nextReviewerRole(status: BudgetStatus): Role | null {
  switch (status) {
    case 'pending_qs':
      return 'quantity_surveyor';
    case 'pending_accountant':
      return 'accountant';
    case 'pending_admin':
      return 'admin';
    default:
      return null;
  }
}

/** Labels of statuses and actions, as the screens show them. */
export const BUDGET_STATUS_LABELS = {
  draft: 'Draft',
  pending_qs: 'Pending QS Review',
  pending_accountant: 'Pending Accountant Review',
  pending_admin: 'Pending Admin Approval',
  approved: 'Approved',
  revision_needed: 'Revision Needed',
  rejected: 'Rejected',
} as const satisfies Record<BudgetStatus, string>;

export const BUDGET_ACTION_LABELS = {
  'qs-approve-to-accountant': 'Approve to Accountant',
  'qs-return-to-lead': 'Return to Lead',
  'qs-reject': 'Reject',
  'push-to-admin': 'Push to Admin',
  'return-to-lead': 'Return to Lead',
  reject: 'Reject',
  approve: 'Approve',
  'return-to-lead-qs': 'Return to QS',
  resubmit: 'Submit',
} as const satisfies Record<BudgetAction, string>;
