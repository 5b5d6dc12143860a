import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * `fn` over every item with at most `limit` calls running at once; the results in the items' order.
 * Each call starts on a turn of the event loop of its own, so a long list never holds the loop in one
 * burst of synchronous work (requests are answered between the calls).
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const index = next++;
      await nextTurn();
      results[index] = await fn(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
