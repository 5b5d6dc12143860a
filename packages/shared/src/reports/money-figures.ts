import { wholePercent } from '../format/percent.ts';

/**
 * The names of the money figures, one name per figure: the dashboard, the reports, the project pages
 * and the exports show a figure under its name here, and no other figure under that name.
 */
export const FIGURE_NAMES = {
  totalBudget: 'Total Budget',
  totalSpent: 'Total Spent',
  /** Spent over budget (spec 1 §2). */
  budgetUsed: 'Budget Used',
  approvedBudgets: 'Approved Budgets',
  /** Approved budgets over budget (spec 2 §9). */
  budgetUtilisation: 'Budget Utilisation',
  /** The project's current value: its original value plus its approved variations (change orders). */
  projectValue: 'Project Value',
  /** The value recorded in the financials, before change orders. */
  originalValue: 'Original Value',
  /** The approved change orders added up. */
  approvedVariations: 'Approved Variations',
  totalProjectValue: 'Total Project Value',
  amountPaid: 'Amount Paid',
  totalAmountPaid: 'Total Amount Paid',
  outstandingBalance: 'Outstanding Balance',
} as const;

/** What a client is shown while no financials of the project are recorded (never the internal budget). */
export const VALUE_NOT_RECORDED = 'Not recorded yet';

/** A value or payment figure written by `format`, or 'Not recorded yet' while none is recorded. */
export function formatRecorded(amount: number | null, format: (amount: number) => string): string {
  return amount === null ? VALUE_NOT_RECORDED : format(amount);
}

/** Budget Used: spent over budget as a whole percent, 0 without a budget. */
export function budgetUsedPercent(spent: number, budget: number): number {
  return wholePercent(spent, budget);
}

/** Budget Utilisation: approved budgets over budget as a whole percent, 0 without a budget. */
export function budgetUtilisationPercent(approved: number, budget: number): number {
  return wholePercent(approved, budget);
}
