/**
 * Budget money, exact: amounts travel as naira with at most two decimals and are computed as whole
 * kobo; quantities have at most three decimals. A line's total is quantity × unit price rounded half
 * up to the kobo, computed with integers, so the server and the form always agree to the kobo.
 */

/** Largest amount a budget line, total or financial figure may reach, in naira. */
export const MAX_AMOUNT = 1e13;
export const MAX_QUANTITY = 1e9;

/** Whether a number has at most `places` decimals (as typed, not as stored in binary). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const decimals = (mantissa.split('.')[1] ?? '').length - Number(exponent);
  return decimals <= places;
}

/** Naira (two decimals at most) as whole kobo. */
export function toKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** Whole kobo as naira. */
export function fromKobo(kobo: number): number {
  return kobo / 100;
}

/** quantity × unit price in whole kobo, rounded half up; inputs as validated numbers. */
export function lineTotalKobo(quantity: number, unitPrice: number): number {
  const thousandths = BigInt(Math.round(quantity * 1000));
  const kobo = BigInt(toKobo(unitPrice));
  const product = thousandths * kobo;
  return Number((product + 500n) / 1000n);
}

/** A line's total in naira (what the form shows beside the line). */
export function lineTotal(quantity: number, unitPrice: number): number {
  return fromKobo(lineTotalKobo(quantity, unitPrice));
}

/** The budget's total in naira: the sum of its lines' totals. */
export function budgetTotal(lines: ReadonlyArray<{ quantity: number; unitPrice: number }>): number {
  return fromKobo(lines.reduce((sum, line) => sum + lineTotalKobo(line.quantity, line.unitPrice), 0));
}
