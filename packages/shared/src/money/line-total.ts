import { fromKobo, hasAtMostDecimals, sumKobo, toKobo } from './kobo.ts';

/**
 * A line is a quantity (at most three decimals) at a unit price (naira, at most two decimals). Its total
 * is quantity × unit price rounded half up to the kobo, computed on integers (thousandths × kobo), never
 * on the binary float of the product: 1.005 × ₦1.00 is ₦1.01, where the float product reads 100.4999…
 * kobo. Budgets, quotes, negotiations, counter offers and purchase orders all total their lines here.
 */

/** The largest quantity a line may have. */
export const MAX_QUANTITY = 1e9;

/** Whether a quantity has at most three decimals as typed (what a line total is exact for). */
export const hasQuantityPrecision = (quantity: number): boolean => hasAtMostDecimals(quantity, 3);

/** n ÷ 1000 rounded half up (towards +∞ on a tie, as Math.round does), on integers. */
function thousandthsHalfUp(product: bigint): bigint {
  const shifted = product + 500n;
  const quotient = shifted / 1000n;
  return shifted % 1000n < 0n ? quotient - 1n : quotient;
}

/**
 * quantity × unit price in whole kobo, rounded half up. NaN when either is not a finite number (a field
 * still being typed), as the arithmetic on them would answer.
 */
export function lineTotalKobo(quantity: number, unitPrice: number): number {
  if (!Number.isFinite(quantity) || !Number.isFinite(unitPrice)) return Number.NaN;
  // Beyond whole numbers a float holds exactly (a quantity near 1e308), there is no line total: NaN, as
  // for a field still being typed (the schemas refuse such a quantity themselves).
  const thousandths = Math.round(quantity * 1000);
  const kobo = toKobo(unitPrice);
  if (!Number.isSafeInteger(thousandths) || !Number.isSafeInteger(kobo)) return Number.NaN;
  return Number(thousandthsHalfUp(BigInt(thousandths) * BigInt(kobo)));
}

/** quantity × unit price in naira, rounded half up to the kobo (what a line shows and stores). */
export function lineTotal(quantity: number, unitPrice: number): number {
  return fromKobo(lineTotalKobo(quantity, unitPrice));
}

/** The total of several lines in whole kobo: the sum of their rounded line totals. */
export function linesTotalKobo(lines: Iterable<{ quantity: number; unitPrice: number }>): number {
  return sumKobo(Array.from(lines, (line) => lineTotalKobo(line.quantity, line.unitPrice)));
}

/** The total of several lines in naira. */
export function linesTotal(lines: Iterable<{ quantity: number; unitPrice: number }>): number {
  return fromKobo(linesTotalKobo(lines));
}
