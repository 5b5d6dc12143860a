/**
 * Money in Trowel is whole kobo: answers, forms and the spec carry naira with at most two decimals, and
 * every sum, product and comparison is made on integers of kobo, so the server, the screen and the
 * database agree to the kobo. Naira meet kobo here, and only here.
 */

/** The largest amount any figure may reach, in kobo: ₦9,999,999,999,999.99, what `numeric(15, 2)` holds. */
export const MAX_AMOUNT_KOBO = 999_999_999_999_999;

/** The largest amount any figure may reach, in naira (unit prices, line totals, totals, financials). */
export const MAX_AMOUNT = MAX_AMOUNT_KOBO / 100;

/** The first amount refused, as refusals write it: 'Amounts must be below 10,000,000,000,000'. */
export const AMOUNT_LIMIT_TEXT = '10,000,000,000,000';

/** Whether a number has at most `places` decimals as typed (its shortest form), not as stored in binary. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const decimals = (mantissa.split('.')[1] ?? '').length - Number(exponent);
  return decimals <= places;
}

/** Whether a naira amount is whole kobo: at most two decimals as typed. */
export const hasKoboPrecision = (naira: number): boolean => hasAtMostDecimals(naira, 2);

/** Naira with at most two decimals as whole kobo. */
export function toKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** Whole kobo as naira (the nearest number to the exact amount, so it prints as its two decimals). */
export function fromKobo(kobo: number): number {
  return kobo / 100;
}

/** Whether whole kobo are above the largest amount a figure may reach. */
export function exceedsMaxAmount(kobo: number): boolean {
  return kobo > MAX_AMOUNT_KOBO;
}

/** The sum of whole-kobo amounts. */
export function sumKobo(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

/** The sum of naira amounts, added as whole kobo. */
export function sumNaira(amounts: Iterable<number>): number {
  return fromKobo(sumKobo(Array.from(amounts, toKobo)));
}
