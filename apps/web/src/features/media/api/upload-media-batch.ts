import type { MediaItemDto, ProcessingResult } from '@trowel/shared/media/media.schemas.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';

export interface MediaBatch {
  projectId: string;
  description: string;
  isClientVisible: boolean;
  /** Up to 5 files. */
  files: File[];
}

export interface MediaBatchResponse {
  success: true;
  processingResults: ProcessingResult[];
  media: MediaItemDto[];
}

/** POST /media/upload-batch (multipart, files in `files`); 202 while the files are processed. */
export function uploadMediaBatch(batch: MediaBatch, transport: UploadTransport): Promise<MediaBatchResponse> {
  const form = new FormData();
  form.append('projectId', batch.projectId);
  form.append('description', batch.description);
  form.append('isClientVisible', String(batch.isClientVisible));
  for (const file of batch.files) form.append('files', file);
  return uploadWithProgress<MediaBatchResponse>('/media/upload-batch', form, transport);
}
