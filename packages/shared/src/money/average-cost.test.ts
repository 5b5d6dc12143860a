import { describe, expect, it } from 'vitest';
import { averageCostKobo } from './average-cost.ts';

describe('averageCostKobo', () => {
  it('weighs what is on hand against what arrives', () => {
    // 10 bags at ₦5,000 and 30 at ₦6,000: ₦5,750 each.
    expect(averageCostKobo(10, 500_000, 30, 600_000)).toBe(575_000);
  });

  it('takes the receipt price when nothing is on hand', () => {
    expect(averageCostKobo(0, 0, 7, 123_456)).toBe(123_456);
  });

  it('rounds half up to the kobo', () => {
    // (1 × 1 + 1 × 2) / 2 = 1.5 kobo → 2.
    expect(averageCostKobo(1, 1, 1, 2)).toBe(2);
    // (2 × 1 + 1 × 2) / 3 = 1.33 → 1.
    expect(averageCostKobo(2, 1, 1, 2)).toBe(1);
  });

  it('stays exact past 2^53', () => {
    // 1,000,000 units at ₦9,999,999,999.99 and one at ₦0.01.
    expect(averageCostKobo(1_000_000, 999_999_999_999, 1, 1)).toBe(999_999_000_000);
  });
});
