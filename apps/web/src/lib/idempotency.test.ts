import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from './api-client.ts';
import { idempotentSubmission, newIdempotencyKey } from './idempotency.ts';

afterEach(() => vi.unstubAllGlobals());

const dropped = () => new ApiError('Upload failed', 0, NETWORK_ERROR_CODE);

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
