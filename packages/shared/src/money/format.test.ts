import { describe, expect, it } from 'vitest';
import { formatNaira, formatNairaMillions } from './format.ts';

describe('formatting naira', () => {
  it('writes an amount in full with the naira sign and two decimals', () => {
    expect(formatNaira(12_500_000)).toBe('₦12,500,000.00');
    expect(formatNaira(0.3)).toBe('₦0.30');
  });

  it('shows millions with one decimal', () => {
    expect(formatNairaMillions(12_450_000)).toBe('₦12.5M');
    expect(formatNairaMillions(0)).toBe('₦0.0M');
    expect(formatNairaMillions(13_025_000_000)).toBe('₦13,025.0M');
    expect(formatNairaMillions(1_450_000_000)).toBe('₦1,450.0M');
  });
});
