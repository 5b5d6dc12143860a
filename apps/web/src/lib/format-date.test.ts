import { afterEach, describe, expect, it } from 'vitest';
import { APPEARANCE_DEFAULTS } from '@trowel/shared/settings/appearance.ts';
import { saveAppearance } from './appearance.ts';
import { formatDate, formatDateOnly, formatDateTime } from './format-date.ts';

afterEach(() => saveAppearance(APPEARANCE_DEFAULTS));

describe('formatDateOnly', () => {
  it.each([
    ['2025-03-05', '05/03/2025'],
    ['2025-12-31', '31/12/2025'],
    [null, '—'],
    ['', '—'],
    ['not a date', '—'],
  ])('%s → %s in the default DD/MM/YYYY, day first as Nigerians write it', (value, text) => {
    expect(formatDateOnly(value)).toBe(text);
  });
});

describe('dates and times follow the chosen appearance', () => {
  it.each([
    ['MM/DD/YYYY', '03/05/2025'],
    ['DD/MM/YYYY', '05/03/2025'],
    ['YYYY-MM-DD', '2025-03-05'],
    ['DD MMM YYYY', '05 Mar 2025'],
  ] as const)('%s', (dateFormat, text) => {
    saveAppearance({ dateFormat });
    expect(formatDateOnly('2025-03-05')).toBe(text);
    expect(formatDate('2025-03-05T12:00:00Z')).toBe(text);
  });

  it('writes month names in the chosen language and the time on a 12- or 24-hour clock', () => {
    saveAppearance({ dateFormat: 'DD MMM YYYY', language: 'de', timeFormat: '24h' });
    expect(formatDateOnly('2025-03-05')).toBe('05 März 2025');
    const evening = new Date(2025, 2, 5, 18, 7).toISOString();
    expect(formatDateTime(evening)).toBe('05 März 2025, 18:07');
    saveAppearance({ language: 'en', timeFormat: '12h' });
    expect(formatDateTime(evening)).toMatch(/^05 Mar 2025, 6:07\s?pm$/i);
    expect(document.documentElement.lang).toBe('en');
  });
});
