import { describe, expect, it } from 'vitest';
import { isWholeKobo, lineTotal, priceChange, sumNaira } from './kobo.ts';

describe('kobo arithmetic', () => {
  it('adds amounts exactly', () => {
    expect(sumNaira([0.1, 0.2])).toBe(0.3);
    expect(sumNaira([1_234_567.89, 0.11])).toBe(1_234_568);
  });

  it('multiplies a unit price by a quantity to the kobo', () => {
    expect(lineTotal(19.99, 3)).toBe(59.97);
    expect(lineTotal(4500.5, 2.5)).toBe(11_251.25);
  });

  it('accepts two decimals and refuses three', () => {
    expect(isWholeKobo(12.34)).toBe(true);
    expect(isWholeKobo(0.07)).toBe(true);
    expect(isWholeKobo(12.345)).toBe(false);
    expect(isWholeKobo(Number.NaN)).toBe(false);
  });

  it('gives the change with a one-decimal percent, 0% for a zero original', () => {
    expect(priceChange(1000, 950)).toEqual({ amount: -50, percent: -5 });
    expect(priceChange(300, 301)).toEqual({ amount: 1, percent: 0.3 });
    expect(priceChange(0, 500)).toEqual({ amount: 500, percent: 0 });
  });
});
