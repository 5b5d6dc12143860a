import { describe, expect, it } from 'vitest';
import { AUTHOR_TOLD_ACTIONS, BUDGET_ACTIONS, BUDGET_STATUSES } from './budget.machine.ts';
import {
  BUDGET_STATUS_PHRASES,
  budgetAuthorNotice,
  budgetReviewNotice,
  budgetStepToast,
} from './budget.notices.ts';

const budget = {
  projectTitle: 'Lekki Pearl',
  total: 2_500_001.25,
  by: 'Ada Obi',
  remarks: 'Split the steel line',
};

/** A status as the database stores it, in a text meant for people. */
const rawStatusIn = (text: string) =>
  BUDGET_STATUSES.some((status) => status.includes('_') && text.includes(status));

describe('budget notices', () => {
  it('tell the author who sent the budget back, in a sentence with their remarks', () => {
    expect(budgetAuthorNotice('qs-return-to-lead', budget)).toEqual({
      title: 'Budget Sent Back for Revision',
      message:
        'Your budget for "Lekki Pearl" (₦2,500,001.25) was sent back for revision by Ada Obi. Remarks: "Split the steel line"',
    });
    expect(budgetAuthorNotice('approve', { ...budget, remarks: null }).message).toBe(
      'Your budget for "Lekki Pearl" (₦2,500,001.25) was approved by Ada Obi.',
    );
  });

  it('quote long remarks shortened, on one line', () => {
    const { message } = budgetAuthorNotice('reject', {
      ...budget,
      remarks: `Too high.\n\n${'x'.repeat(400)}`,
    });
    const quoted = message.slice(message.indexOf('Remarks: "') + 10, -1);
    expect(quoted).toHaveLength(280);
    expect(quoted.startsWith('Too high. xxx')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
  });

  it('never carry a raw status word, for any step or status', () => {
    for (const action of AUTHOR_TOLD_ACTIONS) {
      const { title, message } = budgetAuthorNotice(action, budget);
      expect(rawStatusIn(title) || rawStatusIn(message), action).toBe(false);
      expect(message).not.toMatch(/ is now /);
    }
    for (const action of BUDGET_ACTIONS) expect(rawStatusIn(budgetStepToast(action)), action).toBe(false);
    for (const status of BUDGET_STATUSES) expect(BUDGET_STATUS_PHRASES[status]).not.toContain('_');
    expect(budgetReviewNotice(budget).message).toBe(
      'A budget for "Lekki Pearl" (₦2,500,001.25) awaits your review.',
    );
    expect(budgetStepToast('push-to-admin')).toBe('Budget pushed to the administrator for approval');
  });
});
