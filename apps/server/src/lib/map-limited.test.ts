import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited.ts';

describe('mapLimited', () => {
  it('keeps the order of the items and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(2);
  });

  it('answers an empty list at once', async () => {
    expect(await mapLimited([], 3, () => Promise.reject(new Error('never called')))).toEqual([]);
  });
});
