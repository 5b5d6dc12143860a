import { describe, expect, it } from 'vitest';
import { parseNaira } from './parse.ts';

describe('parsing naira', () => {
  it.each([
    ['1234.5', 123_450],
    ['₦1,234.50', 123_450],
    [' 1 234 ', 123_400],
    ['.75', 75],
    ['12.', 1200],
    ['0', 0],
    ['9,999,999,999,999.99', 999_999_999_999_999],
  ])('reads %s as %i kobo', (text, kobo) => {
    expect(parseNaira(text)).toBe(kobo);
  });

  it.each(['', '.', 'abc', '-5', '1.005', '1e3', '0x10', '1.2.3'])('refuses %j', (text) => {
    expect(parseNaira(text)).toBeNull();
  });

  it('reads numbers with at most two decimals', () => {
    expect(parseNaira(1_234_567.89)).toBe(123_456_789);
    expect(parseNaira(0.29)).toBe(29);
    expect(parseNaira(1.005)).toBeNull();
    expect(parseNaira(-1)).toBeNull();
    expect(parseNaira(Number.NaN)).toBeNull();
  });
});
