export interface ResultCacheOptions {
  /** How long a result is kept at most, even if nothing says it changed. */
  ttlMs?: number;
  /** More entries than this and the cache starts over. */
  maxEntries?: number;
}

/**
 * Results of queries (list totals, dashboard sums, whole list pages), kept briefly and dropped as soon
 * as the rows behind them change. Concurrent misses of one key share one query.
 */
export class ResultCache<T = number> {
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor({ ttlMs = 30_000, maxEntries = 1000 }: ResultCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  private entries = new Map<string, { total: T; at: number }>();
  private pending = new Map<string, Promise<T>>();

  async get(key: string, count: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.total;
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const query = count().finally(() => this.pending.delete(key));
    this.pending.set(key, query);
    const total = await query;
    // A change during the query makes its answer suspect: hand it back but do not keep it.
    if (generation !== this.generation) return total;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { total, at: now });
    return total;
  }

  private generation = 0;

  clear() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }
}
