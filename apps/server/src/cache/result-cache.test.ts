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

  it('starts over when the kept results weigh more than allowed', async () => {
    const cache = new ResultCache<string>({ maxWeight: 10, weigh: (value) => value.length });
    await cache.get('a', async () => 'aaaaaa');
    expect(await cache.get('a', async () => 'other!')).toBe('aaaaaa');
    await cache.get('b', async () => 'bbbbbb');
    expect(await cache.get('a', async () => 'fresh!')).toBe('fresh!');
  });
});
