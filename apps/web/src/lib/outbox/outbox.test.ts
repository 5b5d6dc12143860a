import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '../api-client.ts';
import { buildOutboxItem } from '../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../test/http.ts';
import {
  afterFailure,
  backoffMs,
  discardItem,
  enqueue,
  outboxSnapshot,
  queuedFilesText,
  startOutbox,
  stopOutbox,
} from './outbox.ts';
import { readItems } from './outbox-store.ts';

const item = buildOutboxItem();

afterEach(async () => {
  stopOutbox();
  vi.unstubAllGlobals();
  for (const each of await readItems()) await discardItem(each.id);
});

describe('what a failed attempt leaves', () => {
  it('waits with a growing back-off when the network failed or the server is still on it', () => {
    const now = 1_000_000;
    const dropped = afterFailure(item, new ApiError('Upload failed', 0, NETWORK_ERROR_CODE), now);
    expect(dropped).toMatchObject({ state: 'waiting', error: OUTBOX_MESSAGES.noNetwork });
    expect(dropped.nextAttemptAt).toBe(now + backoffMs(1));
    expect(afterFailure(item, new TypeError('Failed to fetch'), now).state).toBe('waiting');
    const inProgress = new ApiError('still being received', 409, 'CONFLICT', 1000);
    expect(afterFailure(item, inProgress, now).state).toBe('waiting');
    expect(backoffMs(10)).toBe(60_000);
  });

  it('pauses for a new sign-in on 401, and nothing is dropped', () => {
    expect(afterFailure(item, new ApiError('Authentication required', 401, 'UNAUTHORIZED'))).toMatchObject({
      state: 'waiting',
      error: OUTBOX_MESSAGES.signInAgain,
    });
    expect(outboxSnapshot().paused).toBe(true);
  });

  it('fails with the server’s reason when it refused, and says the item is kept to copy', () => {
    const lost = afterFailure(item, new ApiError('Project not found', 404, 'NOT_FOUND'));
    expect(lost.state).toBe('failed');
    expect(lost.error).toContain('Project not found');
    expect(lost.error).toContain(OUTBOX_MESSAGES.noAccess);
    expect(afterFailure(item, new ApiError('Title is required', 400, 'VALIDATION_ERROR')).error).toBe(
      'Title is required',
    );
  });
});

describe('sending', () => {
  it('sends queued items in the order they were captured, each under its own key, once', async () => {
    const { calls } = mockFetch(() => jsonResponse(201, { success: true }));
    await enqueue({ ...item, id: 'first' });
    await enqueue({ ...item, id: 'second' });
    startOutbox('u1', () => undefined);
    await expect.poll(() => outboxSnapshot().items.map((each) => each.state)).toEqual(['sent', 'sent']);
    const keys = calls.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toEqual(['first', 'second']);
  });

  it('does not send another person’s items', async () => {
    const { calls } = mockFetch(() => jsonResponse(201, { success: true }));
    await enqueue({ ...item, id: 'theirs', userId: 'someone-else' });
    startOutbox('u1', () => undefined);
    await expect.poll(() => outboxSnapshot().items.length).toBe(1);
    expect(calls).toHaveLength(0);
  });
});

describe('what a queued item says of its files', () => {
  it('counts them in words, and says nothing of none', () => {
    expect(queuedFilesText({ preview: { files: '1' } })).toBe(' · 1 file');
    expect(queuedFilesText({ preview: { files: '3' } })).toBe(' · 3 files');
    expect(queuedFilesText({ preview: { files: '0' } })).toBe('');
    expect(queuedFilesText({ preview: {} })).toBe('');
  });
});
