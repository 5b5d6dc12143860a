import { fromKobo } from '@trowel/shared/money/kobo.ts';
import { parseNaira } from '@trowel/shared/money/parse.ts';

/** Amounts typed with thousands separators shown as they are typed, e.g. '1234567.5' → '1,234,567.5'. */
export function formatTypedAmount(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  const decimals = rest.join('').slice(0, 2);
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cleaned.includes('.') ? `${grouped || '0'}.${decimals}` : grouped;
}

/** A typed amount as a number of naira; anything not an amount is 0 (spec 2 §2). */
export function amountOf(text: string): number {
  return fromKobo(parseNaira(text) ?? 0);
}

/** A number as the field shows it. */
export const amountText = (value: number) => formatTypedAmount(String(value));
