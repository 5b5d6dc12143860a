import { formatNaira, plainNaira } from '../money/format.ts';

/**
 * How history remarks write an amount: '2776000.00 NGN'. Remarks are stored text; an amount written
 * this way is shown in the reader's own number format (`nairaInHistory`), never as it was stored.
 */
export function historyAmount(naira: number): string {
  return `${plainNaira(naira)} NGN`;
}

/** An amount as `historyAmount` writes it, not part of a longer number. */
const STORED_AMOUNT = /(?<![\d.,])(\d+(?:\.\d{1,2})?) NGN\b/g;

/** A history text with every stored amount written as naira ('2776000.00 NGN' → '₦2,776,000.00'). */
export function nairaInHistory(text: string): string {
  return text.replace(STORED_AMOUNT, (_match, amount: string) => formatNaira(Number(amount)));
}
