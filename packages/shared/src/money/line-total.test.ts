import { describe, expect, it } from 'vitest';
import { hasQuantityPrecision, lineTotal, lineTotalKobo, linesTotal } from './line-total.ts';

describe('line totals', () => {
  it('computes quantity × unit price to the kobo without binary-float drift', () => {
    expect(lineTotal(3, 0.1)).toBe(0.3);
    expect(lineTotalKobo(1.005, 100)).toBe(10050);
    expect(lineTotal(2.5, 1_234_567.89)).toBe(3_086_419.73);
    expect(lineTotal(0.333, 0.01)).toBe(0);
    expect(lineTotal(0.5, 0.01)).toBe(0.01);
    expect(lineTotal(1_000_000, 9_999_999.99)).toBe(9_999_999_990_000);
  });

  it('rounds a half kobo up where the float product falls just below it', () => {
    // 0.145 × 100,100 kobo = 14,514.5 kobo; the float product is 14,514.499… and rounded to ₦145.14.
    expect(Math.round(Math.round(1001 * 100) * 0.145)).toBe(14_514);
    expect(lineTotal(0.145, 1001)).toBe(145.15);
    expect(lineTotal(1.005, 1)).toBe(1.01);
    expect(lineTotal(0.086, 12.5)).toBe(1.08);
  });

  it('rounds ties towards +∞ on either side of zero, as Math.round does', () => {
    expect(lineTotalKobo(0.5, -0.01)).toBe(0);
    expect(lineTotalKobo(0.4, -0.01)).toBe(0);
    expect(lineTotalKobo(0.6, -0.01)).toBe(-1);
    expect(lineTotalKobo(2.4, -0.01)).toBe(-2);
  });

  it('answers NaN for a figure still being typed', () => {
    expect(lineTotal(2, Number.NaN)).toBeNaN();
    expect(lineTotal(Number.POSITIVE_INFINITY, 1)).toBeNaN();
  });

  it('sums the rounded lines', () => {
    expect(
      linesTotal([
        { quantity: 3, unitPrice: 0.1 },
        { quantity: 7, unitPrice: 0.2 },
      ]),
    ).toBe(1.7);
    expect(linesTotal([])).toBe(0);
  });

  it('tells a quantity of at most three decimals', () => {
    expect(hasQuantityPrecision(2.125)).toBe(true);
    expect(hasQuantityPrecision(2.1255)).toBe(false);
  });
});

describe('a line beyond what a float holds exactly', () => {
  it('has no total (NaN) instead of throwing', () => {
    expect(lineTotalKobo(1.7976931348623157e308, 1)).toBeNaN();
    expect(lineTotalKobo(1e308, 855_809_961)).toBeNaN();
  });
});
