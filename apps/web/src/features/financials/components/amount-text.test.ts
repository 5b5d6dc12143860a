import { describe, expect, it } from 'vitest';
import { amountOf, amountText, formatTypedAmount } from './amount-text.ts';

describe('typed amounts', () => {
  it('groups thousands as they are typed and keeps two decimals', () => {
    expect(formatTypedAmount('1234567')).toBe('1,234,567');
    expect(formatTypedAmount('₦1,234,567.456')).toBe('1,234,567.45');
    expect(formatTypedAmount('0005')).toBe('5');
    expect(formatTypedAmount('.5')).toBe('0.5');
    expect(formatTypedAmount('abc')).toBe('');
  });

  it('reads what was typed as a number, 0 when it is none', () => {
    expect(amountOf('1,234,567.45')).toBe(1_234_567.45);
    expect(amountOf('')).toBe(0);
    expect(amountText(120000000.5)).toBe('120,000,000.5');
  });
});
