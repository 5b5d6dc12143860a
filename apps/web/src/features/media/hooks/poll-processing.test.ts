import type { ProcessingStatus } from '@trowel/shared/users/user.schemas.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { pollProcessing } from './poll-processing.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Answer = ProcessingStatus['status'] | 'failed' | 'error';

/** A status check that answers from a script per id, recording when each check happened. */
function scripted(script: Record<string, Answer[]>) {
  const checks: Array<{ id: string; at: number }> = [];
  const check = vi.fn(async (processingId: string): Promise<ProcessingStatus> => {
    checks.push({ id: processingId, at: Date.now() });
    const answers = script[processingId] ?? [];
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === 'error' || answer === undefined) throw new ApiError('Service Unavailable', 503);
    if (answer === 'failed') {
      return { processingId, status: 'completed', failed: true, error: 'pour.mp4: Corrupt video' };
    }
    return { processingId, status: answer };
  });
  return { check, checks };
}

describe('pollProcessing', () => {
  it('checks first after 3 s, then every 2 s, and 3 s after a failed check', async () => {
    const start = Date.now();
    const { check, checks } = scripted({ p1: ['processing', 'error', 'processing', 'completed'] });
    const done = pollProcessing(['p1'], { check });

    await vi.advanceTimersByTimeAsync(2999);
    expect(checks).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(done).resolves.toEqual({ completed: ['p1'], failed: [], unfinished: [], attempts: 4 });
    expect(checks.map(({ at }) => at - start)).toEqual([3000, 5000, 8000, 10_000]);
  });

  it('checks every id each round until none is still processing; a completed one that failed is reported with its reason', async () => {
    const { check, checks } = scripted({ a: ['processing', 'completed'], b: ['failed'] });
    const done = pollProcessing(['a', 'b'], { check });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toEqual({
      completed: ['a'],
      failed: [{ processingId: 'b', error: 'pour.mp4: Corrupt video' }],
      unfinished: [],
      attempts: 2,
    });
    expect(checks.map(({ id }) => id)).toEqual(['a', 'b', 'a']);
  });

  it('gives up after 30 attempts, reporting what is still processing', async () => {
    const { check } = scripted({ slow: ['processing'] });
    const done = pollProcessing(['slow'], { check });
    await vi.advanceTimersByTimeAsync(3000 + 29 * 2000 - 1);
    expect(check).toHaveBeenCalledTimes(29);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ completed: [], failed: [], unfinished: ['slow'], attempts: 30 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(30);
  });

  it('stops when aborted', async () => {
    const { check } = scripted({ p: ['processing'] });
    const controller = new AbortController();
    const done = pollProcessing(['p'], { check, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(3000);
    controller.abort(new Error('closed'));
    await expect(done).rejects.toThrow('closed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
