import { describe, expect, it } from 'vitest';
import { addCosts, costFigures, costFiguresInNaira, isOverBudget, NO_COSTS } from './cost-figures.ts';

describe('costFigures', () => {
  it('counts paid and stock issued as actual, and the variance against the budget', () => {
    const figures = costFigures({ ...NO_COSTS, approvedBudget: 10_000, paid: 6_000, stockIssued: 1_500 });
    expect(figures.actual).toBe(7_500);
    expect(figures.variance).toBe(2_500);
    expect(isOverBudget(figures)).toBe(false);
  });

  it('is over budget when more is committed than approved, before anything is paid', () => {
    expect(isOverBudget(costFigures({ ...NO_COSTS, approvedBudget: 10_000, committed: 10_001 }))).toBe(true);
  });

  it('is over budget when anything is spent on a category with no budget', () => {
    expect(isOverBudget(costFigures({ ...NO_COSTS, stockIssued: 1 }))).toBe(true);
    expect(isOverBudget(costFigures(NO_COSTS))).toBe(false);
  });

  it('adds parts and gives naira of whole kobo', () => {
    const total = addCosts([
      { ...NO_COSTS, paid: 10, committed: 5 },
      { ...NO_COSTS, paid: 1, invoiced: 3 },
    ]);
    expect(total).toEqual({ ...NO_COSTS, paid: 11, committed: 5, invoiced: 3 });
    expect(costFiguresInNaira(costFigures({ ...NO_COSTS, approvedBudget: 145_000_000_000 })).variance).toBe(
      1_450_000_000,
    );
  });
});
