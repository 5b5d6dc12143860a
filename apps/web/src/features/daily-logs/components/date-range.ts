import type { DateRange } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import type { DailyLogFilters } from '../types.ts';

export const DATE_RANGE_LABELS = {
  all: 'All Time',
  today: 'Today',
  last7days: 'Last 7 Days',
  custom: 'Custom Range',
} as const satisfies Record<DateRange, string>;

const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Lagos at `now`, as YYYY-MM-DD. */
export function lagosToday(now: Date): string {
  return lagosDay.format(now);
}

/** A YYYY-MM-DD day moved by a whole number of days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface CustomRange {
  start: string;
  end: string;
}

/** The startDate and endDate (inclusive Lagos days) of the screen's date range filter. */
export function dateRangeFilter(
  range: DateRange,
  custom: CustomRange,
  now: Date = new Date(),
): Pick<DailyLogFilters, 'startDate' | 'endDate'> {
  const today = lagosToday(now);
  switch (range) {
    case 'all':
      return {};
    case 'today':
      return { startDate: today, endDate: today };
    case 'last7days':
      return { startDate: addDays(today, -6), endDate: today };
    case 'custom':
      return { startDate: custom.start || undefined, endDate: custom.end || undefined };
    default: {
      const unknown: never = range;
      throw new Error(`Unknown date range ${String(unknown)}`);
    }
  }
}
