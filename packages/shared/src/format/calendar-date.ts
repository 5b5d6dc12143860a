import { z } from 'zod';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `text` is a day of the calendar written YYYY-MM-DD: 2026-02-28 is, 2026-02-30, 2026-13-01
 * and year 0000 are not (the database refuses them; `Date.parse` would roll 02-30 over into March).
 */
export function isCalendarDate(text: string): boolean {
  const match = DATE_ONLY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The one schema of a date without a time, for every body and query: 400 with `message` otherwise. */
export function calendarDate(message: string, required = message) {
  return z.string({ error: required }).refine(isCalendarDate, message);
}

/** Today's date as YYYY-MM-DD in Lagos time (West Africa Time, UTC+1, no daylight saving). */
export function todayInLagos(now: Date = new Date()): string {
  return new Date(now.getTime() + 3600_000).toISOString().slice(0, 10);
}

/** A day that has come (today in Lagos at the latest): when something happened, never when it will. */
export function pastCalendarDate(message: string, required: string, future: string) {
  return calendarDate(message, required).refine((date) => date <= todayInLagos(), future);
}

const WRITTEN_OUT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A day of the calendar (YYYY-MM-DD) written out, '25 Aug 2027': for texts stored once and read by
 * everyone (notifications), which cannot follow each reader's date format and must not be misread
 * whichever way round they write days and months.
 */
export function writtenDate(date: string): string {
  return isCalendarDate(date) ? WRITTEN_OUT.format(new Date(`${date}T00:00:00Z`)) : date;
}
