import { describe, expect, it } from 'vitest';
import { budgetTotal, hasAtMostDecimals, lineTotal, lineTotalKobo, toKobo } from './budget.money.ts';

describe('budget money', () => {
  it('computes line totals to the kobo without binary-float drift', () => {
    expect(lineTotal(3, 0.1)).toBe(0.3);
    expect(lineTotalKobo(1.005, 100)).toBe(10050);
    expect(lineTotal(2.5, 1_234_567.89)).toBe(3_086_419.73);
    expect(lineTotal(0.333, 0.01)).toBe(0);
    expect(lineTotal(0.5, 0.01)).toBe(0.01);
    expect(lineTotal(1_000_000, 9_999_999.99)).toBe(9_999_999_990_000);
  });

  it('sums the lines', () => {
    expect(
      budgetTotal([
        { quantity: 3, unitPrice: 0.1 },
        { quantity: 7, unitPrice: 0.2 },
      ]),
    ).toBe(1.7);
    expect(toKobo(0.29)).toBe(29);
  });

  it('tells how many decimals a typed number has', () => {
    expect(hasAtMostDecimals(12.34, 2)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(false);
    expect(hasAtMostDecimals(12.345, 2)).toBe(false);
    expect(hasAtMostDecimals(2.125, 3)).toBe(true);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });
});
