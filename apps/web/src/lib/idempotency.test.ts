import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from './api-client.ts';
import { idempotentSubmission, MAX_IN_PROGRESS_WAITS, newIdempotencyKey } from './idempotency.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const dropped = () => new ApiError('Upload failed', 0, NETWORK_ERROR_CODE);
/** The server's answer while the first request with the key is still running. */
const stillRunning = () =>
  new ApiError('This upload is still being received; try again in a moment', 409, 'CONFLICT', 2000);

function sequentialKeys() {
  let count = 0;
  return () => `key-${++count}`;
}

describe('idempotentSubmission', () => {
  it('sends a retry after a dropped connection with the same key, and a new submission with a new key', async () => {
    const submission = idempotentSubmission(sequentialKeys());
    const send = vi.fn<(key: string) => Promise<string>>().mockRejectedValueOnce(dropped());
    await expect(submission.run(send)).rejects.toThrow('Upload failed');
    expect(submission.pendingKey).toBe('key-1');

    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(submission.run(send)).rejects.toThrow('Failed to fetch');
    send.mockResolvedValueOnce('created');
    await expect(submission.run(send)).resolves.toBe('created');
    expect(send.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-1', 'key-1']);

    expect(submission.pendingKey).toBeNull();
    send.mockResolvedValueOnce('second');
    await submission.run(send);
    expect(send.mock.calls.at(-1)?.[0]).toBe('key-2');
  });

  it('keeps the key when a gateway times out, but not after an answer that created nothing', async () => {
    const submission = idempotentSubmission(sequentialKeys());
    const send = vi.fn<(key: string) => Promise<string>>();
    send.mockRejectedValueOnce(new ApiError('Gateway Timeout', 504));
    await expect(submission.run(send)).rejects.toThrow();
    expect(submission.pendingKey).toBe('key-1');

    send.mockRejectedValueOnce(
      new ApiError('Title required: Please enter a title.', 400, 'VALIDATION_ERROR'),
    );
    await expect(submission.run(send)).rejects.toThrow();
    expect(submission.pendingKey).toBeNull();
    send.mockResolvedValueOnce('ok');
    await submission.run(send);
    expect(send.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('waits Retry-After and resends under the same key while the first attempt is still running', async () => {
    vi.useFakeTimers();
    const submission = idempotentSubmission(sequentialKeys());
    const sentAt: number[] = [];
    const send = vi.fn(async (key: string) => {
      sentAt.push(Date.now());
      if (sentAt.length === 1) throw dropped();
      if (sentAt.length <= 3) throw stillRunning();
      return `created once under ${key}`;
    });
    await expect(submission.run(send)).rejects.toThrow('Upload failed');

    // Retry after the dropped connection: the server is still receiving the first attempt.
    const retried = submission.run(send);
    await vi.advanceTimersByTimeAsync(1999);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(retried).resolves.toBe('created once under key-1');
    expect(send.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
    expect(sentAt.slice(1).map((at) => at - sentAt[1]!)).toEqual([0, 2000, 4000]);
    expect(submission.pendingKey).toBeNull();
  });

  it('gives the choice back, keeping the key, when the server stays busy; an abort stops the wait', async () => {
    vi.useFakeTimers();
    const submission = idempotentSubmission(sequentialKeys());
    const send = vi.fn(async (_key: string): Promise<string> => {
      throw stillRunning();
    });
    const busy = submission.run(send);
    const failure = expect(busy).rejects.toMatchObject({ status: 409 });
    await vi.advanceTimersByTimeAsync(MAX_IN_PROGRESS_WAITS * 2000);
    await failure;
    expect(send).toHaveBeenCalledTimes(MAX_IN_PROGRESS_WAITS + 1);
    expect(submission.pendingKey).toBe('key-1');

    const controller = new AbortController();
    const stopped = submission.run(send, controller.signal);
    const aborted = expect(stopped).rejects.toThrow('closed');
    controller.abort(new Error('closed'));
    await aborted;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(MAX_IN_PROGRESS_WAITS + 2);
    expect(send.mock.calls.every(([key]) => key === 'key-1')).toBe(true);
  });

  it('starts over after reset (the form was discarded)', async () => {
    const submission = idempotentSubmission(sequentialKeys());
    await expect(submission.run(() => Promise.reject(dropped()))).rejects.toThrow();
    submission.reset();
    const send = vi.fn(async (key: string) => key);
    await expect(submission.run(send)).resolves.toBe('key-2');
  });
});

describe('newIdempotencyKey', () => {
  it('builds a version 4 UUID where crypto.randomUUID is missing (plain-http sites)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(255) });
    expect(newIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('uses crypto.randomUUID when there is one', () => {
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
