import { describe, expect, it } from 'vitest';
import { priceChange } from './negotiation.pricing.ts';

describe('price change', () => {
  it('gives the amount and a one-decimal percent, 0% for a zero original', () => {
    expect(priceChange(1000, 950)).toEqual({ amount: -50, percent: -5 });
    expect(priceChange(300, 301)).toEqual({ amount: 1, percent: 0.3 });
    expect(priceChange(0.1, 0.3)).toEqual({ amount: 0.2, percent: 200 });
    expect(priceChange(0, 500)).toEqual({ amount: 500, percent: 0 });
  });
});
