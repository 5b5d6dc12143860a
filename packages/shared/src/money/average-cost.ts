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

/**
 * The value of `part` of `whole` units worth `wholeKobo` together, rounded half up to the kobo (what
 * share of an issue's value a part of its quantity carries).
 */
export function shareKobo(wholeKobo: number, part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  if (part >= whole) return wholeKobo;
  const value = BigInt(wholeKobo) * BigInt(part);
  return Number((value * 2n + BigInt(whole)) / (BigInt(whole) * 2n));
}
