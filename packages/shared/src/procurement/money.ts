/** Naira with kobo, computed in whole kobo so sums and products are exact. */
export const toKobo = (naira: number) => Math.round(naira * 100);
export const fromKobo = (kobo: number) => kobo / 100;

/** A price has at most two decimals (kobo). */
export function hasKoboPrecision(naira: number): boolean {
  return Math.abs(naira * 100 - Math.round(naira * 100)) < 1e-6;
}

/** Line total = unit price × quantity, rounded to the kobo. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return fromKobo(Math.round(toKobo(unitPrice) * quantity));
}

/** Sum of naira amounts, exact to the kobo. */
export function sumNaira(amounts: readonly number[]): number {
  return fromKobo(amounts.reduce((total, amount) => total + toKobo(amount), 0));
}

/** Percent of `difference` over `base`, one decimal; a zero base gives 0. */
export function percentChange(difference: number, base: number): number {
  if (!base) return 0;
  return Math.round((difference / base) * 1000) / 10;
}
