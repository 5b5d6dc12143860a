import { describe, expect, it } from 'vitest';
import { addDays, dateRangeFilter, lagosToday } from './date-range.ts';

const none = { start: '', end: '' };

describe('dateRangeFilter', () => {
  // 23:30 UTC on 9 March is already 10 March in Lagos (UTC+1).
  const lateEvening = new Date('2025-03-09T23:30:00Z');

  it('counts days in Lagos time', () => {
    expect(lagosToday(lateEvening)).toBe('2025-03-10');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('maps all, today, the last 7 days (today included) and a custom range to startDate and endDate', () => {
    expect(dateRangeFilter('all', none, lateEvening)).toEqual({});
    expect(dateRangeFilter('today', none, lateEvening)).toEqual({
      startDate: '2025-03-10',
      endDate: '2025-03-10',
    });
    expect(dateRangeFilter('last7days', none, lateEvening)).toEqual({
      startDate: '2025-03-04',
      endDate: '2025-03-10',
    });
    expect(dateRangeFilter('custom', { start: '2025-01-01', end: '2025-01-31' }, lateEvening)).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-01-31',
    });
    expect(dateRangeFilter('custom', { start: '2025-01-01', end: '' }, lateEvening)).toEqual({
      startDate: '2025-01-01',
      endDate: undefined,
    });
  });
});
