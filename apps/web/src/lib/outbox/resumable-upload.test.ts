import { UPLOAD_PART_BYTES, type UploadSessionDto } from '@trowel/shared/files/upload-session.schemas.ts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_CODE } from '../api-client.ts';
import { jsonResponse, mockFetch } from '../../test/http.ts';
import { stubXhr } from '../../test/xhr.ts';
import { newStagedUpload, sendResumable, type StagedUpload } from './resumable-upload.ts';

afterEach(() => vi.unstubAllGlobals());

const SIZE = UPLOAD_PART_BYTES * 2 + 10;
const ID = '3b7c9a10-5d2e-4f60-8a1b-2c3d4e5f6a7b';

const session = (offset: number): UploadSessionDto => ({
  id: ID,
  fileName: 'pour.mp4',
  size: SIZE,
  offset,
  complete: offset === SIZE,
  expiresAt: '2026-11-30T10:00:00.000Z',
});

describe('a large file sent in parts', () => {
  it('resumes after a cut from the offset the server holds, in the same session, without sending again what it has', async () => {
    let held = 0;
    const { calls } = mockFetch((call) =>
      call.method === 'POST'
        ? jsonResponse(201, { success: true, upload: session(0) })
        : jsonResponse(200, { success: true, upload: session(held) }),
    );
    const xhr = stubXhr();
    const file = new Blob([new Uint8Array(SIZE)]);
    let staged: StagedUpload = newStagedUpload();
    const remember = async (next: StagedUpload) => {
      staged = next;
    };
    const progress: number[] = [];

    const first = sendResumable(file, 'pour.mp4', {
      staged,
      remember,
      onProgress: (bytes) => progress.push(bytes),
    });
    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(staged.uploadId).toBe(ID);
    expect(xhr[0]!.method).toBe('PATCH');
    expect(xhr[0]!.headers['Upload-Offset']).toBe('0');
    expect(xhr[0]!.blob?.size).toBe(UPLOAD_PART_BYTES);
    held = UPLOAD_PART_BYTES;
    xhr[0]!.respond(200, { success: true, upload: session(held) });

    // The second part is cut off: the server kept a thousand bytes of it.
    await waitFor(() => expect(xhr).toHaveLength(2));
    held = UPLOAD_PART_BYTES + 1000;
    xhr[1]!.fail();
    await expect(first).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });

    const second = sendResumable(file, 'pour.mp4', {
      staged,
      remember,
      onProgress: (bytes) => progress.push(bytes),
    });
    await waitFor(() => expect(xhr).toHaveLength(3));
    expect(xhr[2]!.headers['Upload-Offset']).toBe(String(held));
    expect(xhr[2]!.blob?.size).toBe(SIZE - held);
    xhr[2]!.respond(200, { success: true, upload: session(SIZE) });
    await expect(second).resolves.toBe(ID);

    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
    expect(progress.at(-1)).toBe(SIZE);
  });

  it('starts a new session when the old one expired, and goes on where the server says after a 409', async () => {
    let started = 0;
    mockFetch((call) => {
      if (call.method === 'POST') {
        started++;
        return jsonResponse(201, { success: true, upload: session(0) });
      }
      return started === 0
        ? jsonResponse(404, { success: false, error: 'Upload not found', code: 'UPLOAD_NOT_FOUND' })
        : jsonResponse(200, { success: true, upload: session(UPLOAD_PART_BYTES) });
    });
    const xhr = stubXhr();
    const old = { startKey: 'old-key-123', uploadId: '9f1e2d3c-4b5a-4697-8877-665544332211' };
    const remembered: StagedUpload[] = [];
    const sending = sendResumable(new Blob([new Uint8Array(SIZE)]), 'pour.mp4', {
      staged: old,
      remember: async (next) => {
        remembered.push(next);
      },
      onProgress: () => undefined,
    });
    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(started).toBe(1);
    expect(remembered.at(-1)?.startKey).not.toBe(old.startKey);
    // An earlier part's answer was lost: the server holds more than this part starts at.
    xhr[0]!.respond(409, { success: false, error: 'offset', code: 'UPLOAD_OFFSET_MISMATCH' });
    await waitFor(() => expect(xhr).toHaveLength(2));
    expect(xhr[1]!.headers['Upload-Offset']).toBe(String(UPLOAD_PART_BYTES));
    xhr[1]!.respond(200, { success: true, upload: session(SIZE) });
    await expect(sending).resolves.toBe(ID);
  });
});
