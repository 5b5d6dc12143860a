import { hasKoboPrecision, toKobo } from './kobo.ts';

/** Naira as people type it: digits with thousands separators, an optional ₦ and up to two decimals. */
const TYPED_NAIRA = /^(?=\.?\d)(\d*)(?:\.(\d{0,2}))?$/;

/**
 * An amount of naira, typed ('₦1,234.50', '1234.5', '.75') or sent as a number, as whole kobo; null when
 * it is not a non-negative amount with at most two decimals. Text is read digit by digit, never through a
 * binary float. Whether the amount is too large is the schema's to say (MAX_AMOUNT).
 */
export function parseNaira(input: string | number): number | null {
  if (typeof input === 'number') return input >= 0 && hasKoboPrecision(input) ? toKobo(input) : null;
  const match = TYPED_NAIRA.exec(input.replace(/[₦,\s]/g, ''));
  if (!match) return null;
  const [, naira = '', kobo = ''] = match;
  return Number(naira || '0') * 100 + Number(kobo.padEnd(2, '0'));
}
