import { describe, expect, it } from 'vitest';
import { vatKobo, vatOn } from './vat.ts';

describe('VAT at 7.5 %', () => {
  it.each([
    [100_000, 7_500],
    [0, 0],
    [1, 0.08], // 0.075 rounds half up to the kobo
    [55_000, 4_125],
    [1_234.56, 92.59],
  ])('on ₦%s is ₦%s', (amount, vat) => {
    expect(vatOn(amount)).toBe(vat);
  });

  it('stays exact on the largest amounts', () => {
    expect(vatKobo(999_999_999_999_999)).toBe(75_000_000_000_000);
  });
});
