import { RESUMABLE_UPLOAD_MIN_BYTES, UPLOADS_FIELD } from '@trowel/shared/files/upload-session.schemas.ts';
import { apiRequest, isApiError, uploadWithProgress } from '../api-client.ts';
import { IDEMPOTENCY_HEADER } from '../idempotency.ts';
import type { OutboxBody, OutboxItem } from './outbox-store.ts';
import { newStagedUpload, sendResumable, type StagedUpload } from './resumable-upload.ts';

type MultipartBody = Extract<OutboxBody, { type: 'multipart' }>;

export interface SendCallbacks {
  /** Fraction of the item sent, from 0 to 1. */
  onProgress: (fraction: number) => void;
  /** Keeps the item's staged uploads (the sessions its large files resume), before bytes are sent. */
  remember: (uploads: Record<number, StagedUpload>) => Promise<void>;
}

/** Sends one stored action under its own Idempotency-Key: a second attempt is applied once. */
export async function sendItem(item: OutboxItem, callbacks: SendCallbacks): Promise<unknown> {
  const headers = { [IDEMPOTENCY_HEADER]: item.id };
  if (item.body.type === 'json') {
    return apiRequest(item.path, { method: item.method, body: item.body.value, headers });
  }
  const body = item.body;
  const large = largeFiles(body);
  if (large.length === 0) {
    return uploadWithProgress(item.path, toFormData(body), {
      method: item.method,
      headers,
      onProgress: callbacks.onProgress,
    });
  }
  try {
    return await sendWithLargeFiles(item, body, large, callbacks);
  } catch (error) {
    // An upload gone before the create took it (expired meanwhile): its file is sent again, once.
    if (!isApiError(error) || error.code !== 'UPLOAD_NOT_FOUND') throw error;
    await callbacks.remember({});
    return sendWithLargeFiles({ ...item, uploads: {} }, body, large, callbacks);
  }
}

/** The positions of the files large enough to go in parts. */
function largeFiles(body: MultipartBody): number[] {
  return body.fields.flatMap(([, value], index) =>
    typeof value !== 'string' && value.blob.size >= RESUMABLE_UPLOAD_MIN_BYTES ? [index] : [],
  );
}

/**
 * Each large file through its resumable upload session (resumed where the server holds it), then the
 * create with the small files whole and the large ones named in `uploads`, in the order chosen.
 */
async function sendWithLargeFiles(
  item: OutboxItem,
  body: MultipartBody,
  large: readonly number[],
  callbacks: SendCallbacks,
): Promise<unknown> {
  const staged: Record<number, StagedUpload> = { ...item.uploads };
  const total = body.fields.reduce(
    (sum, [, value]) => sum + (typeof value === 'string' ? 0 : value.blob.size),
    0,
  );
  const done: Record<number, number> = {};
  const report = (finalFraction = 0) => {
    const largeBytes = Object.values(done).reduce((sum, bytes) => sum + bytes, 0);
    const smallBytes = total - large.reduce((sum, index) => sum + sizeAt(body, index), 0);
    callbacks.onProgress(Math.min(1, (largeBytes + finalFraction * smallBytes) / Math.max(1, total)));
  };
  const ids = new Map<number, string>();
  for (const index of large) {
    const [, value] = body.fields[index]!;
    if (typeof value === 'string') continue;
    ids.set(
      index,
      await sendResumable(value.blob, value.fileName, {
        staged: staged[index] ?? newStagedUpload(),
        remember: async (next) => {
          staged[index] = next;
          await callbacks.remember({ ...staged });
        },
        onProgress: (bytes) => {
          done[index] = bytes;
          report();
        },
      }),
    );
  }
  const form = toFormData(body, ids);
  return uploadWithProgress(item.path, form, {
    method: item.method,
    headers: { [IDEMPOTENCY_HEADER]: item.id },
    onProgress: (fraction) => report(fraction),
  });
}

function sizeAt(body: MultipartBody, index: number): number {
  const value = body.fields[index]?.[1];
  return value && typeof value !== 'string' ? value.blob.size : 0;
}

/**
 * The multipart body of kept fields, files with their names; a file sent ahead through a resumable
 * upload (`sentAhead`: its position → the upload's id) is named in `uploads` in its place.
 */
export function toFormData(
  body: MultipartBody,
  sentAhead: ReadonlyMap<number, string> = new Map(),
): FormData {
  const form = new FormData();
  body.fields.forEach(([name, value], index) => {
    const uploadId = sentAhead.get(index);
    if (uploadId) form.append(UPLOADS_FIELD, uploadId);
    else if (typeof value === 'string') form.append(name, value);
    else form.append(name, value.blob, value.fileName);
  });
  return form;
}

/** A multipart body's fields as the outbox keeps them (files as Blobs with their names). */
export function multipartFields(
  fields: Record<string, string | undefined>,
  files: readonly File[],
): MultipartBody {
  const kept: MultipartBody = { type: 'multipart', fields: [] };
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) kept.fields.push([name, value]);
  for (const file of files) kept.fields.push(['files', { blob: file, fileName: file.name }]);
  return kept;
}
