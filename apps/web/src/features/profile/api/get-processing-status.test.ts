import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { waitForProcessing } from './get-processing-status.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('waitForProcessing', () => {
  it('checks after 1 s, then every 2 s, until the picture is ready', async () => {
    const answers = ['processing', 'processing', 'completed'];
    const { calls } = mockFetch(() =>
      jsonResponse(200, {
        success: true,
        processingId: 'p1',
        status: answers[calls.length - 1],
        avatar: '/a.webp',
      }),
    );
    const done = waitForProcessing('p1');

    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/media/status/p1');
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);

    await expect(done).resolves.toMatchObject({ status: 'completed', avatar: '/a.webp' });
    expect(calls).toHaveLength(3);
  });

  it('stops at a failure', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        success: true,
        processingId: 'p2',
        status: 'completed',
        failed: true,
        error: 'Corrupt image',
      }),
    );
    const done = waitForProcessing('p2');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toMatchObject({ status: 'completed', failed: true, error: 'Corrupt image' });
  });
});
