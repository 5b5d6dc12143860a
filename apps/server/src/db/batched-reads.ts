interface Waiting<V> {
  resolve(value: V | null): void;
  reject(error: unknown): void;
}

/**
 * Reads of one row by key asked for in the same turn of the event loop go to the database as one
 * statement for all their keys. Many requests arriving together (a burst of reviews) then share
 * one round trip instead of taking one each: each round trip costs the server and the database a
 * system call and a wake-up, which on a small machine weigh more than the read itself.
 */
export function batchedReads<V>(
  readMany: (keys: readonly string[]) => Promise<Map<string, V>>,
): (key: string) => Promise<V | null> {
  let waiting: Map<string, Waiting<V>[]> | null = null;

  async function flush(batch: Map<string, Waiting<V>[]>) {
    try {
      const found = await readMany([...batch.keys()]);
      for (const [key, callers] of batch)
        for (const caller of callers) caller.resolve(found.get(key) ?? null);
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
  }

  return (key) =>
    new Promise<V | null>((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<string, Waiting<V>[]>();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          void flush(batch);
        });
      }
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}
