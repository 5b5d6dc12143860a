import type { DateFormat } from '@trowel/shared/settings/appearance.ts';
import { getAppearance, LOCALE_OF } from './appearance.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and options, made on first use. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The date in the person's chosen format, month names in their language. */
function dateText(date: Date, timeZone?: string): string {
  const { dateFormat, language } = getAppearance();
  const parts = formatter(LOCALE_OF[language], {
    day: '2-digit',
    month: dateFormat === 'DD MMM YYYY' ? 'short' : '2-digit',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  const [day, month, year] = [part('day'), part('month'), part('year')];
  const format: DateFormat = dateFormat;
  switch (format) {
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'YYYY-MM-DD':
      return `${year}-${month}-${day}`;
    case 'DD MMM YYYY':
      return `${day} ${month.replace(/\.$/, '')} ${year}`;
    default: {
      const unknown: never = format;
      return unknown;
    }
  }
}

/** The time of day on the person's 12- or 24-hour clock. */
function timeText(date: Date): string {
  const { timeFormat, language } = getAppearance();
  return formatter(LOCALE_OF[language], {
    hour: timeFormat === '12h' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hour12: timeFormat === '12h',
  }).format(date);
}

/** A date in the chosen format (Settings > Appearance); an unknown or invalid value shows as '—'. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateText(date) : '—';
}

/** A date with its time of day, in the chosen formats; an unknown or invalid value shows as '—'. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? `${dateText(date)}, ${timeText(date)}` : '—';
}

/** A calendar date sent as YYYY-MM-DD, shown the same in every time zone; unknown shows as '—'. */
export function formatDateOnly(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return formatDate(value);
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '—' : dateText(date, 'UTC');
}

/** Today's date where the user is, as YYYY-MM-DD (a date field's default). */
export function todayDateOnly(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The time of day alone, on the chosen clock (10:42 or 10:42 AM); an unknown or invalid value shows as '—'. */
export function formatTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? timeText(date) : '—';
}
