import { describe, expect, it } from 'vitest';
import { initials, nameHue } from './initials.ts';
import { formatNairaMillions, wholePercent } from './money.ts';

describe('money', () => {
  it('shows millions with one decimal', () => {
    expect(formatNairaMillions(12_450_000)).toBe('₦12.5M');
    expect(formatNairaMillions(0)).toBe('₦0.0M');
    expect(formatNairaMillions(13_025_000_000)).toBe('₦13,025.0M');
    expect(formatNairaMillions(1_450_000_000)).toBe('₦1,450.0M');
  });
  it('rounds percentages and answers 0 without a whole', () => {
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(5, 0)).toBe(0);
  });
});

describe('initials', () => {
  it.each([
    ['Adebayo Ogunleye', 'AO'],
    ['ngozi', 'N'],
    ['Chiamaka Ada Okafor', 'CO'],
    ['', '?'],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
  it('gives a stable hue', () => {
    expect(nameHue('Emeka Nwosu')).toBe(nameHue('Emeka Nwosu'));
    expect(nameHue('Emeka Nwosu')).toBeGreaterThanOrEqual(0);
  });
});
