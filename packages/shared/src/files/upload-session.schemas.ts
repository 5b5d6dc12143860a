import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { VIDEO_FILE_MAX_BYTES } from './attachment.schemas.ts';

/**
 * Resumable uploads: a large file is sent in parts to an upload session (`/uploads`), which answers
 * how much of it the server holds, so a cut connection resumes there; once whole, the file is named
 * by its session id in the `uploads` field of any create that takes files.
 */

/** The header of a part's starting offset (request) and of the bytes the server holds (answers, 409). */
export const UPLOAD_OFFSET_HEADER = 'upload-offset';
/** The content type of a part's bytes (as the tus protocol names it). */
export const UPLOAD_PART_TYPE = 'application/offset+octet-stream';
/** The field of a create naming finished uploads, in the order of the files. */
export const UPLOADS_FIELD = 'uploads';
/** How much the web app sends in one part: small enough for slow links and default proxy limits to pass. */
export const UPLOAD_PART_BYTES = 1024 * 1024;
/** Files at least this large go through an upload session from the outbox (smaller ones go whole). */
export const RESUMABLE_UPLOAD_MIN_BYTES = 4 * 1024 * 1024;
/** Unfinished or unattached uploads one person may hold at once. */
export const MAX_OPEN_UPLOADS = 10;
/** An upload nobody sent to or attached for this long is gone (and its bytes removed). */
export const UPLOAD_SESSION_TTL_HOURS = 72;

export const UPLOAD_MESSAGES = {
  notFound: 'Upload not found',
  offsetHeader: 'Upload-Offset must be the number of bytes already sent',
  offsetMismatch: 'The server holds a different number of bytes of this upload: resume from Upload-Offset',
  beyondSize: 'The part goes past the size given when the upload started',
  tooManyOpen: `At most ${MAX_OPEN_UPLOADS} unfinished uploads at once: finish or discard one first`,
  tooManyParts: 'The upload came in too many parts: start it again',
  incomplete: 'The upload is not finished: send the rest first',
  notUploadIds: 'uploads must list ids of finished uploads',
} as const;

export const startUploadInput = z.object({
  fileName: z
    .string({ error: 'fileName is required' })
    .trim()
    .min(1, { error: 'fileName is required' })
    .max(255, { error: 'fileName must be at most 255 characters' }),
  size: z
    .number({ error: 'size must be a number of bytes' })
    .int({ error: 'size must be a whole number of bytes' })
    .min(1, { error: 'size must be at least 1 byte' })
    .max(VIDEO_FILE_MAX_BYTES, { error: `File is larger than ${VIDEO_FILE_MAX_BYTES} bytes` }),
});
export type StartUploadInput = z.infer<typeof startUploadInput>;

/** An upload session as answers carry it: `offset` is how many bytes of it the server holds. */
export const uploadSessionDto = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  offset: z.number().int(),
  /** Whole, checked and stored: ready to be named in `uploads`. */
  complete: z.boolean(),
  expiresAt: z.string(),
});
export type UploadSessionDto = z.infer<typeof uploadSessionDto>;

export const uploadSessionAnswer = ok({ upload: uploadSessionDto });
export type UploadSessionAnswer = z.infer<typeof uploadSessionAnswer>;

/** The Upload-Offset header as sent: a whole number of bytes, or null when it is not one. */
export function parseUploadOffset(header: string | string[] | undefined | null): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}
