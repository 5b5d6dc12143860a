const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 2,
});

/** A naira amount in full, e.g. ₦12,500,000.00. */
export function formatNaira(amount: number): string {
  return naira.format(amount);
}

const millions = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A naira amount in millions with one decimal and thousands separators, e.g. ₦12.5M, ₦13,025.0M. */
export function formatNairaMillions(amount: number): string {
  return `₦${millions.format(Math.round(amount / 100_000) / 10)}M`;
}

/** A whole percentage of part over whole; 0 when the whole is 0. */
export function wholePercent(part: number, whole: number): number {
  if (!whole) return 0;
  return Math.round((part / whole) * 100);
}
