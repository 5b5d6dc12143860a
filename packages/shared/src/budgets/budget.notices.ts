import { formatNaira } from '../money/format.ts';
import { quotedRemarks } from '../format/remarks.ts';
import type { AuthorToldAction, BudgetAction, BudgetStatus } from './budget.machine.ts';

/** Where a budget stands, as the end of "… while it is ___" (refusals name it so, never by the raw status). */
export const BUDGET_STATUS_PHRASES = {
  draft: 'a draft',
  pending_qs: 'waiting for the QS',
  pending_accountant: 'waiting for the accountant',
  pending_admin: 'waiting for the administrator',
  approved: 'approved',
  revision_needed: 'sent back for revision',
  rejected: 'rejected',
} as const satisfies Record<BudgetStatus, string>;

/** What each step did to a budget, as the end of "The budget was ___". */
export const BUDGET_STEP_DONE = {
  'qs-approve-to-accountant': 'approved by the QS and sent to the accountant',
  'qs-return-to-lead': 'sent back for revision',
  'qs-reject': 'rejected',
  'push-to-admin': 'pushed to the administrator for approval',
  'return-to-lead': 'sent back for revision',
  reject: 'rejected',
  approve: 'approved',
  'return-to-lead-qs': 'sent back to the QS',
  resubmit: 'submitted for review',
} as const satisfies Record<BudgetAction, string>;

/** The titles of what a budget's author is told after a step that concerns them. */
const AUTHOR_TITLES = {
  'qs-return-to-lead': 'Budget Sent Back for Revision',
  'return-to-lead': 'Budget Sent Back for Revision',
  'qs-reject': 'Budget Rejected',
  reject: 'Budget Rejected',
  approve: 'Budget Approved',
} as const satisfies Record<AuthorToldAction, string>;

interface BudgetAbout {
  projectTitle: string;
  /** The budget's total in naira. */
  total: number;
}

const about = ({ projectTitle, total }: BudgetAbout) => `"${projectTitle}" (${formatNaira(total)})`;

/** What the next reviewer is told when a budget reaches their step. */
export function budgetReviewNotice(budget: BudgetAbout) {
  return {
    title: 'Budget Awaiting Review',
    message: `A budget for ${about(budget)} awaits your review.`,
  };
}

/**
 * What the author is told after a step: who took it and what it did, with the reviewer's remarks,
 * e.g. 'Your budget for "Lekki Pearl" (₦2,500,000.00) was sent back for revision by Ada Obi. Remarks: "…"'.
 */
export function budgetAuthorNotice(
  action: AuthorToldAction,
  budget: BudgetAbout & { by: string; remarks: string | null },
) {
  return {
    title: AUTHOR_TITLES[action],
    message:
      `Your budget for ${about(budget)} was ${BUDGET_STEP_DONE[action]} by ${budget.by}.` +
      quotedRemarks(budget.remarks),
  };
}

/** The toast after the person's own step: "Budget pushed to the administrator for approval". */
export const budgetStepToast = (action: BudgetAction) => `Budget ${BUDGET_STEP_DONE[action]}`;
