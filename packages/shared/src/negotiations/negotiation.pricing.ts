import { percentChange } from '../format/percent.ts';
import { fromKobo, toKobo } from '../money/kobo.ts';

/**
 * The change from an original total to a new one, as the negotiation screens show it: the amount
 * (positive is an increase) and the percent of the original to one decimal (0 for a zero original).
 */
export function priceChange(original: number, changed: number): { amount: number; percent: number } {
  const amount = fromKobo(toKobo(changed) - toKobo(original));
  return { amount, percent: percentChange(amount, original) };
}
