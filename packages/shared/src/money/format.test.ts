import { describe, expect, it } from 'vitest';
import { formatNaira, formatNairaMillions, formatQuantity, plainNaira } from './format.ts';

describe('formatting naira', () => {
  it('writes an amount in full with the naira sign and two decimals', () => {
    expect(formatNaira(12_500_000)).toBe('₦12,500,000.00');
    expect(formatNaira(0.3)).toBe('₦0.30');
  });

  it('writes plain text with two decimals for CSV cells and stored remarks', () => {
    expect(plainNaira(2_776_000.5)).toBe('2776000.50');
    expect(plainNaira(9_999_999_999_999.99)).toBe('9999999999999.99');
  });

  it('shows millions with one decimal', () => {
    expect(formatNairaMillions(12_450_000)).toBe('₦12.5M');
    expect(formatNairaMillions(0)).toBe('₦0.0M');
    expect(formatNairaMillions(13_025_000_000)).toBe('₦13,025.0M');
    expect(formatNairaMillions(1_450_000_000)).toBe('₦1,450.0M');
  });

  it('groups quantities by thousands and keeps the decimals they have, up to three', () => {
    expect(formatQuantity(3000)).toBe('3,000');
    expect(formatQuantity(4200)).toBe('4,200');
    expect(formatQuantity(12.5)).toBe('12.5');
    expect(formatQuantity(1_234_567.125)).toBe('1,234,567.125');
    expect(formatQuantity(7)).toBe('7');
  });
});
