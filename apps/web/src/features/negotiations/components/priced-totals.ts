import { sumNaira } from '@trowel/shared/money/kobo.ts';
import { lineTotal } from '@trowel/shared/money/line-total.ts';
import { typedNumber } from '../../../lib/form-schema.ts';

/** A price box's text as the amount the totals follow: 0 until it holds a number. */
function typedPrice(text: string): number {
  const price = typedNumber(text);
  return price !== undefined && Number.isFinite(price) ? price : 0;
}

/** Each item's total at the price typed (to the kobo) and their sum, as the form shows and sends them. */
export function pricedTotals(lines: ReadonlyArray<{ price: string; quantity: number }>) {
  const totals = lines.map((line) => lineTotal(line.quantity, typedPrice(line.price)));
  return { totals, total: sumNaira(totals) };
}
