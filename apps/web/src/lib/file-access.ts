import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { toast } from 'sonner';
import { ApiError, authHeaders, isApiError } from './api-client.ts';
import { fileNameFromDisposition, saveBlob } from './download.ts';

/** The spec's texts for files that cannot be downloaded or shown (spec 1 §8). */
export const FILE_MESSAGES = {
  downloadFailed: 'Download Failed',
  attachmentDownloadFailed: 'Failed to download attachment',
  mediaDownloadFailed: 'Failed to download file',
  viewFailed: { title: 'View Failed', description: 'Failed to view attachment. Please try again.' },
  invalid: {
    title: 'Invalid Attachment',
    description: 'This attachment appears to be corrupted or missing.',
  },
} as const;

/** Where a file belongs: a log, reply or task attachment, or a project media file. */
export type FileOrigin = 'attachment' | 'media';

type StoredFile = Pick<AttachmentDto, 'id' | 'originalName' | 'viewUrl' | 'downloadUrl' | 'size'>;

/**
 * Files up to this size download through memory, so a failure can be told; larger ones (videos) are
 * checked with a HEAD request and then handed to the browser's own download, which streams to disk.
 */
export const BLOB_DOWNLOAD_MAX_BYTES = 25 * 1024 * 1024;

/** Whether the file data can be used at all: it names the file and where to get it. */
export function isUsableFile(file: Partial<Pick<StoredFile, 'id' | 'viewUrl' | 'downloadUrl'>>): boolean {
  return Boolean(file.id && file.viewUrl && file.downloadUrl);
}

/** A file the server does not have (any more) is logged with its id. */
export function logMissingFile(id: string): void {
  console.warn(`Attachment not found: ${id}`);
}

async function request(url: string, method: 'GET' | 'HEAD'): Promise<Response> {
  // The address carries a file token; the session header still opens it once that token has expired.
  const response = await fetch(url, { method, headers: authHeaders() });
  if (!response.ok) throw new ApiError(`HTTP ${response.status}: ${response.statusText}`, response.status);
  return response;
}

/** Fetches the file and saves it; rejects (an ApiError with the status) when the server does not give it. */
export async function downloadFile(file: StoredFile): Promise<void> {
  if (file.size > BLOB_DOWNLOAD_MAX_BYTES) {
    await request(file.downloadUrl, 'HEAD');
    const link = document.createElement('a');
    link.href = file.downloadUrl;
    link.download = file.originalName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    return;
  }
  const response = await request(file.downloadUrl, 'GET');
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? file.originalName;
  saveBlob(await response.blob(), name);
}

/** Downloads the file, telling people when it cannot be had. */
export async function downloadWithNotice(file: StoredFile, origin: FileOrigin): Promise<void> {
  if (!isUsableFile(file)) {
    toast.error(FILE_MESSAGES.invalid.title, { description: FILE_MESSAGES.invalid.description });
    return;
  }
  try {
    await downloadFile(file);
  } catch (error) {
    if (isApiError(error) && error.status === 404) logMissingFile(file.id);
    toast.error(FILE_MESSAGES.downloadFailed, {
      description:
        origin === 'media' ? FILE_MESSAGES.mediaDownloadFailed : FILE_MESSAGES.attachmentDownloadFailed,
    });
  }
}

/**
 * Says why a file could not be shown: a HEAD request tells a file the server does not have (404:
 * 'Invalid Attachment', logged) from one that failed to load ('View Failed').
 */
export async function reportViewFailure(file: Pick<StoredFile, 'id' | 'viewUrl'>): Promise<void> {
  let status = 0;
  try {
    await request(file.viewUrl, 'HEAD');
  } catch (error) {
    status = isApiError(error) ? error.status : 0;
  }
  if (status === 404) {
    logMissingFile(file.id);
    toast.error(FILE_MESSAGES.invalid.title, { description: FILE_MESSAGES.invalid.description });
    return;
  }
  toast.error(FILE_MESSAGES.viewFailed.title, { description: FILE_MESSAGES.viewFailed.description });
}
