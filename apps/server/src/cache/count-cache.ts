const TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

/** Totals of list queries, kept briefly and dropped as soon as the listed rows change. */
export class CountCache {
  private entries = new Map<string, { total: number; at: number }>();

  async get(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.total;
    const total = await count();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { total, at: now });
    return total;
  }

  clear() {
    this.entries.clear();
  }
}
