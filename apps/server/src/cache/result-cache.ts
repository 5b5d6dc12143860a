export interface ResultCacheOptions<T> {
  /** How long a result is kept at most, even if nothing says it changed. */
  ttlMs?: number;
  /** More entries than this and the least recently used are dropped. */
  maxEntries?: number;
  /** With `weigh`: more total weight than this (bytes of kept pages, say) and the least recently used are dropped. */
  maxWeight?: number;
  weigh?: (value: T) => number;
  /** When a result stops holding by time alone (a deadline passing), whatever else changes; null: never. */
  expiresAt?: (value: T) => number | null;
}

/**
 * Results of queries (list totals, dashboard sums, whole list pages), kept briefly and dropped as soon
 * as the rows behind them change. Concurrent misses of one key share one query.
 */
export class ResultCache<T = number> {
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly weigh: (value: T) => number;
  private readonly expiresAt: (value: T) => number | null;
  private weight = 0;

  constructor({
    ttlMs = 30_000,
    maxEntries = 1000,
    maxWeight = Infinity,
    weigh = () => 0,
    expiresAt = () => null,
  }: ResultCacheOptions<T> = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxWeight = maxWeight;
    this.weigh = weigh;
    this.expiresAt = expiresAt;
  }

  private entries = new Map<string, { total: T; at: number; until: number | null }>();
  private pending = new Map<string, Promise<T>>();

  async get(key: string, count: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs && (hit.until === null || now < hit.until)) {
      // The entry becomes the most recently used: the least recently used go first when room is made.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.total;
    }
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const query = count().finally(() => this.pending.delete(key));
    this.pending.set(key, query);
    const total = await query;
    // A change during the query makes its answer suspect: hand it back but do not keep it.
    if (generation !== this.generation) return total;
    const weight = this.weigh(total);
    this.drop(key);
    this.makeRoom(weight);
    this.entries.set(key, { total, at: now, until: this.expiresAt(total) });
    this.weight += weight;
    return total;
  }

  private generation = 0;

  clear() {
    this.generation++;
    this.forget();
    this.pending.clear();
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= this.weigh(entry.total);
  }

  /** Drops the least recently used entries until one more of `weight` fits. */
  private makeRoom(weight: number) {
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries && this.weight + weight <= this.maxWeight) return;
      this.drop(key);
    }
  }

  private forget() {
    this.entries.clear();
    this.weight = 0;
  }
}
