/** A whole percentage of part over whole; 0 when the whole is 0. */
export function wholePercent(part: number, whole: number): number {
  if (!whole) return 0;
  return Math.round((part / whole) * 100);
}

/** Percent of `difference` over `base`, one decimal; a zero base gives 0. */
export function percentChange(difference: number, base: number): number {
  if (!base) return 0;
  return Math.round((difference / base) * 1000) / 10;
}
