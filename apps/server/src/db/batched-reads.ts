import { batchedByTurn } from './turn-batch.ts';

/**
 * Reads of one row by key asked for in the same turn of the event loop go to the database as one
 * statement for all their keys, each key once (see `batchedByTurn`); each caller gets its row or null.
 */
export function batchedReads<V>(
  readMany: (keys: readonly string[]) => Promise<Map<string, V>>,
): (key: string) => Promise<V | null> {
  return batchedByTurn<string, V | null>(async (keys) => {
    const found = await readMany([...new Set(keys)]);
    return keys.map((key) => ({ value: found.get(key) ?? null }));
  });
}
