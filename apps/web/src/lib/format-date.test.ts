import { describe, expect, it } from 'vitest';
import { formatDateOnly } from './format-date.ts';

describe('formatDateOnly', () => {
  it.each([
    ['2025-03-05', '5 Mar 2025'],
    ['2025-12-31', '31 Dec 2025'],
    [null, '—'],
    ['', '—'],
    ['not a date', '—'],
  ])('%s → %s', (value, text) => {
    expect(formatDateOnly(value)).toBe(text);
  });
});
