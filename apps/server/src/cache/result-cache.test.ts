import { describe, expect, it } from 'vitest';
import { ResultCache } from './result-cache.ts';

describe('ResultCache', () => {
  it('keeps a result until its time is up, and shares one query between concurrent misses', async () => {
    const cache = new ResultCache<number>({ ttlMs: 1000 });
    let runs = 0;
    const count = async () => ++runs;
    expect(await Promise.all([cache.get('k', count, 0), cache.get('k', count, 0)])).toEqual([1, 1]);
    expect(await cache.get('k', count, 999)).toBe(1);
    expect(await cache.get('k', count, 1000)).toBe(2);
  });

  it('keeps a result that stops holding at a time of its own until then only', async () => {
    const cache = new ResultCache<{ v: number; until: number | null }>({
      ttlMs: 1000,
      expiresAt: (value) => value.until,
    });
    let runs = 0;
    const deadline = async () => ({ v: ++runs, until: 500 });
    expect((await cache.get('k', deadline, 0)).v).toBe(1);
    expect((await cache.get('k', deadline, 499)).v).toBe(1);
    expect((await cache.get('k', deadline, 500)).v).toBe(2);
  });

  it('does not keep an answer computed while a change came in', async () => {
    const cache = new ResultCache<number>();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const first = cache.get('k', async () => {
      await slow;
      return 1;
    });
    cache.clear();
    release();
    expect(await first).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('drops the least recently used results to make room, by count and by weight', async () => {
    const byCount = new ResultCache<string>({ maxEntries: 2 });
    await byCount.get('a', async () => 'a1');
    await byCount.get('b', async () => 'b1');
    expect(await byCount.get('a', async () => 'a2')).toBe('a1');
    await byCount.get('c', async () => 'c1');
    expect(await byCount.get('a', async () => 'a3')).toBe('a1');
    expect(await byCount.get('b', async () => 'b2')).toBe('b2');

    const byWeight = new ResultCache<string>({ maxWeight: 10, weigh: (value) => value.length });
    await byWeight.get('a', async () => 'aaaa');
    await byWeight.get('b', async () => 'bbbb');
    expect(await byWeight.get('a', async () => 'AAAA')).toBe('aaaa');
    await byWeight.get('c', async () => 'cccccc');
    expect(await byWeight.get('a', async () => 'AAAA')).toBe('aaaa');
    expect(await byWeight.get('b', async () => 'BBBB')).toBe('BBBB');
  });

  it('drops older results when a new one weighs more than the room left', async () => {
    const cache = new ResultCache<string>({ maxWeight: 10, weigh: (value) => value.length });
    await cache.get('a', async () => 'aaaaaa');
    expect(await cache.get('a', async () => 'other!')).toBe('aaaaaa');
    await cache.get('b', async () => 'bbbbbb');
    expect(await cache.get('a', async () => 'fresh!')).toBe('fresh!');
  });
});
