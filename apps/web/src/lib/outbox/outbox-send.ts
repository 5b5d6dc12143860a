import { apiRequest, uploadWithProgress } from '../api-client.ts';
import { IDEMPOTENCY_HEADER } from '../idempotency.ts';
import type { OutboxBody, OutboxItem } from './outbox-store.ts';

type MultipartBody = Extract<OutboxBody, { type: 'multipart' }>;

/** Sends one stored action under its own Idempotency-Key: a second attempt is applied once. */
export function sendItem(item: OutboxItem, onProgress: (fraction: number) => void): Promise<unknown> {
  const headers = { [IDEMPOTENCY_HEADER]: item.id };
  if (item.body.type === 'json') {
    return apiRequest(item.path, { method: item.method, body: item.body.value, headers });
  }
  return uploadWithProgress(item.path, toFormData(item.body), { method: item.method, headers, onProgress });
}

/** The multipart body of kept fields, files with their names. */
export function toFormData(body: MultipartBody): FormData {
  const form = new FormData();
  for (const [name, value] of body.fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value.blob, value.fileName);
  }
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
