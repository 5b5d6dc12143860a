import type { MediaUploadAnswer, UploadMediaFields } from '@trowel/shared/media/media.schemas.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';

/** A batch's fields as the shared schema reads them, and its files (up to 5). */
export type MediaBatch = UploadMediaFields & { files: File[] };

/** POST /media/upload-batch (multipart, files in `files`); 202 while the files are processed. */
export function uploadMediaBatch(batch: MediaBatch, transport: UploadTransport): Promise<MediaUploadAnswer> {
  const form = new FormData();
  form.append('projectId', batch.projectId);
  form.append('description', batch.description ?? '');
  form.append('isClientVisible', String(batch.isClientVisible));
  for (const file of batch.files) form.append('files', file);
  return uploadWithProgress<MediaUploadAnswer>('/media/upload-batch', form, transport);
}
