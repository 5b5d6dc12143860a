import { describe, expect, it } from 'vitest';
import { initials, nameHue } from './initials.ts';
import { percentChange, wholePercent } from './percent.ts';

describe('percentages', () => {
  it('rounds percentages and answers 0 without a whole', () => {
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(5, 0)).toBe(0);
  });
  it('gives a change to one decimal, 0 over a zero base', () => {
    expect(percentChange(1, 3)).toBe(33.3);
    expect(percentChange(5, 0)).toBe(0);
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
