import {
  UPLOAD_PART_BYTES,
  UPLOAD_PART_TYPE,
  type UploadSessionAnswer,
  type UploadSessionDto,
} from '@trowel/shared/files/upload-session.schemas.ts';
import { apiRequest, isApiError, uploadWithProgress } from '../api-client.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../idempotency.ts';

/**
 * Where a large file of an outbox item stands: the key its session is started under (the same for a
 * start whose answer was lost) and the session's id once started. Kept with the item in IndexedDB, so
 * a reload, a restart of the phone or a dropped connection resumes the same session.
 */
export interface StagedUpload {
  startKey: string;
  uploadId: string | null;
}

export const newStagedUpload = (): StagedUpload => ({ startKey: newIdempotencyKey(), uploadId: null });

interface ResumableOptions {
  staged: StagedUpload;
  /** Keeps the item's staged upload (its session id once known) before any byte is sent. */
  remember: (staged: StagedUpload) => Promise<void>;
  /** Bytes of the file the server holds, as they arrive. */
  onProgress: (bytes: number) => void;
}

const sessionPath = (id: string) => `/uploads/${encodeURIComponent(id)}`;

async function sessionState(id: string): Promise<UploadSessionDto | null> {
  try {
    return (await apiRequest<UploadSessionAnswer>(sessionPath(id))).upload;
  } catch (error) {
    // Expired or discarded: the file is sent again in a new session.
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The session this file resumes, or a new one (started once per key, however often it is asked). */
async function openSession(
  file: Blob,
  fileName: string,
  staged: StagedUpload,
  remember: ResumableOptions['remember'],
): Promise<UploadSessionDto> {
  let start = staged;
  if (staged.uploadId) {
    const current = await sessionState(staged.uploadId);
    if (current) return current;
    start = newStagedUpload();
    await remember(start);
  }
  const { upload } = await apiRequest<UploadSessionAnswer>('/uploads', {
    method: 'POST',
    body: { fileName, size: file.size },
    headers: { [IDEMPOTENCY_HEADER]: start.startKey },
  });
  await remember({ ...start, uploadId: upload.id });
  return upload;
}

/**
 * Sends a file through a resumable upload session, part by part from where the server's copy ends,
 * and answers the session's id once the server holds the whole file. A part the network cuts costs
 * only what did not arrive: the next attempt asks the server where to go on.
 */
export async function sendResumable(
  file: Blob,
  fileName: string,
  options: ResumableOptions,
): Promise<string> {
  let session = await openSession(file, fileName, options.staged, options.remember);
  while (!session.complete) {
    const offset = session.offset;
    const end = Math.min(file.size, offset + UPLOAD_PART_BYTES);
    try {
      const answer = await uploadWithProgress<UploadSessionAnswer>(
        sessionPath(session.id),
        file.slice(offset, end),
        {
          method: 'PATCH',
          headers: { 'Content-Type': UPLOAD_PART_TYPE, 'Upload-Offset': String(offset) },
          onProgress: (fraction) => options.onProgress(offset + fraction * (end - offset)),
        },
      );
      session = answer.upload;
    } catch (error) {
      // The server holds another length (an earlier part's answer was lost): go on from there.
      if (!isApiError(error) || error.code !== 'UPLOAD_OFFSET_MISMATCH') throw error;
      session =
        (await sessionState(session.id)) ??
        (await openSession(file, fileName, newStagedUpload(), options.remember));
    }
    options.onProgress(session.offset);
  }
  return session.id;
}

/** Tells the server a session is no longer wanted (the item was discarded); best effort. */
export async function discardStagedUpload(staged: StagedUpload): Promise<void> {
  if (!staged.uploadId) return;
  try {
    await apiRequest(sessionPath(staged.uploadId), { method: 'DELETE' });
  } catch {
    // Offline or gone: the server forgets it when it expires.
  }
}
