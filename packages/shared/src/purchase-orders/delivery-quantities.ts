/**
 * Delivery quantities against an order line. The stores count whole units, so what is received or
 * rejected is a whole number while an order line may have three decimals (2.5 tonnes): a line is
 * received in full once its accepted quantity reaches what was ordered, and no delivery may take it
 * beyond the ordered quantity plus the administrator's tolerance, rounded up to the whole unit.
 */

const thousandths = (quantity: number) => BigInt(Math.round(quantity * 1000));

/** The most that may be accepted on a line of `ordered` in all, with `tolerancePercent` (a whole percent). */
export function maxReceivable(ordered: number, tolerancePercent: number): number {
  const limit = thousandths(ordered) * BigInt(100 + tolerancePercent); // thousandths × percent
  const unit = 100_000n;
  return Number((limit + unit - 1n) / unit);
}

/** Whether `received` (accepted in all) covers what was ordered. */
export function lineReceivedInFull(ordered: number, received: number): boolean {
  return thousandths(received) >= thousandths(ordered);
}
