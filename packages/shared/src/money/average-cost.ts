/**
 * The stores value stock at its moving average cost: a receipt of `added` units at `addedCostKobo` each
 * on top of `onHand` units at `onHandCostKobo` leaves the item at the weighted average, rounded half up
 * to the kobo. Computed on integers (products of quantities and kobo can pass 2^53).
 */
export function averageCostKobo(
  onHand: number,
  onHandCostKobo: number,
  added: number,
  addedCostKobo: number,
): number {
  const units = BigInt(onHand) + BigInt(added);
  if (units <= 0n) return addedCostKobo;
  const value = BigInt(onHand) * BigInt(onHandCostKobo) + BigInt(added) * BigInt(addedCostKobo);
  return Number((value * 2n + units) / (units * 2n));
}
