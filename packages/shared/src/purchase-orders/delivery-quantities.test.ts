import { describe, expect, it } from 'vitest';
import { lineReceivedInFull, maxReceivable } from './delivery-quantities.ts';

describe('maxReceivable', () => {
  it.each([
    [100, 0, 100],
    [100, 5, 105],
    [10, 5, 11], // 10.5 rounded up to the whole unit
    [2.5, 0, 3],
    [3, 0, 3],
    [1e9, 100, 2e9],
    [0.001, 0, 1],
  ])('ordered %s with %s%% tolerance: at most %s', (ordered, tolerance, limit) => {
    expect(maxReceivable(ordered, tolerance)).toBe(limit);
  });
});

describe('lineReceivedInFull', () => {
  it('counts a line received once the accepted quantity reaches the ordered one', () => {
    expect(lineReceivedInFull(100, 99)).toBe(false);
    expect(lineReceivedInFull(100, 100)).toBe(true);
    expect(lineReceivedInFull(2.5, 2)).toBe(false);
    expect(lineReceivedInFull(2.5, 3)).toBe(true);
  });
});
