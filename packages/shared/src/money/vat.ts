import { fromKobo, toKobo } from './kobo.ts';

/** Nigeria's VAT, 7.5 %, as per mille so the arithmetic stays on integers. */
export const VAT_RATE_PER_MILLE = 75;
export const VAT_RATE_TEXT = '7.5%';

/** VAT on an amount in whole kobo, rounded half up to the kobo. */
export function vatKobo(amountKobo: number): number {
  return Number((BigInt(amountKobo) * BigInt(VAT_RATE_PER_MILLE) + 500n) / 1000n);
}

/** VAT on an amount in naira (7.5 %, to the kobo). */
export function vatOn(amount: number): number {
  return fromKobo(vatKobo(toKobo(amount)));
}
