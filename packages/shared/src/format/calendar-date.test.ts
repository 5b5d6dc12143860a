import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate, writtenDate } from './calendar-date.ts';

describe('isCalendarDate', () => {
  it('takes the days of the calendar, leap days in leap years included', () => {
    for (const day of ['2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(day), day).toBe(true);
    }
  });

  it('refuses days that do not exist and text that is not a date', () => {
    for (const text of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '2026-1-1',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '',
    ]) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });

  it('is the schema every date-only field uses: the message names the field', () => {
    const schema = calendarDate('dueDate must be a date (YYYY-MM-DD)');
    expect(schema.safeParse('2026-02-28').success).toBe(true);
    const refused = schema.safeParse('2026-02-30');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('dueDate must be a date (YYYY-MM-DD)');
  });
});

describe('writtenDate', () => {
  it('writes a calendar day out, the same for every reader', () => {
    expect(writtenDate('2027-08-25')).toBe('25 Aug 2027');
    expect(writtenDate('2026-03-09')).toBe('9 Mar 2026');
  });

  it('leaves what is not a calendar day as it is', () => {
    expect(writtenDate('2026-02-30')).toBe('2026-02-30');
  });
});
