/**
 * Money arithmetic in whole kobo, so sums and line totals are exact: amounts travel as naira with at
 * most two decimals, and every total is computed from kobo integers, never from float naira.
 */

/** Naira (at most two decimals) to whole kobo. */
export function toKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** Whole kobo to naira. */
export function fromKobo(kobo: number): number {
  return kobo / 100;
}

/** Whether an amount of naira has at most two decimals (whole kobo). */
export function isWholeKobo(naira: number): boolean {
  return Number.isFinite(naira) && Math.abs(naira * 100 - Math.round(naira * 100)) < 1e-6;
}

/** A line's total in naira: unit price × quantity, rounded to the kobo. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return fromKobo(Math.round(toKobo(unitPrice) * quantity));
}

/** The sum of amounts in naira, added in kobo. */
export function sumNaira(amounts: readonly number[]): number {
  return fromKobo(amounts.reduce((total, amount) => total + toKobo(amount), 0));
}

/**
 * The change from an original total to a new one, as the negotiation screens show it: the amount
 * (positive is an increase), and the percent of the original to one decimal (0 for a zero original).
 */
export function priceChange(original: number, changed: number): { amount: number; percent: number } {
  const amount = fromKobo(toKobo(changed) - toKobo(original));
  if (toKobo(original) === 0) return { amount, percent: 0 };
  return { amount, percent: Math.round((amount / original) * 1000) / 10 };
}
