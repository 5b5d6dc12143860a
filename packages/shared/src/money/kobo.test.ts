import { describe, expect, it } from 'vitest';
import {
  AMOUNT_LIMIT_TEXT,
  exceedsMaxAmount,
  fromKobo,
  hasAtMostDecimals,
  hasKoboPrecision,
  MAX_AMOUNT,
  MAX_AMOUNT_KOBO,
  sumKobo,
  sumNaira,
  toKobo,
} from './kobo.ts';

describe('kobo', () => {
  it('turns naira into whole kobo and back', () => {
    expect(toKobo(0.29)).toBe(29);
    expect(toKobo(1_234_567.89)).toBe(123_456_789);
    expect(fromKobo(123_456_789)).toBe(1_234_567.89);
    expect(toKobo(MAX_AMOUNT)).toBe(MAX_AMOUNT_KOBO);
  });

  it('has one maximum: what numeric(15, 2) holds, written as the first amount refused', () => {
    expect(MAX_AMOUNT).toBe(9_999_999_999_999.99);
    expect(exceedsMaxAmount(MAX_AMOUNT_KOBO)).toBe(false);
    expect(exceedsMaxAmount(MAX_AMOUNT_KOBO + 1)).toBe(true);
    expect(AMOUNT_LIMIT_TEXT).toBe(((MAX_AMOUNT_KOBO + 1) / 100).toLocaleString('en-NG'));
    expect(Number.isSafeInteger(MAX_AMOUNT_KOBO * 9)).toBe(true);
  });

  it('tells how many decimals a typed number has', () => {
    expect(hasAtMostDecimals(12.34, 2)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(false);
    expect(hasAtMostDecimals(12.345, 2)).toBe(false);
    expect(hasAtMostDecimals(2.125, 3)).toBe(true);
    expect(hasAtMostDecimals(1e-7, 2)).toBe(false);
    expect(hasAtMostDecimals(1e21, 2)).toBe(true);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
    expect(hasKoboPrecision(MAX_AMOUNT)).toBe(true);
    expect(hasKoboPrecision(1.005)).toBe(false);
  });

  it('adds amounts as whole kobo', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumNaira([0.1, 0.2])).toBe(0.3);
    expect(sumNaira([])).toBe(0);
    expect(sumKobo([10, 20, 30])).toBe(60);
  });
});
