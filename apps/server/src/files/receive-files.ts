import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { VIDEO_FILE_MAX_BYTES } from '@trowel/shared/files/attachment.schemas.ts';
import { UPLOAD_MESSAGES, UPLOADS_FIELD } from '@trowel/shared/files/upload-session.schemas.ts';
import { AppError } from '../http/app-error.ts';
import { INPUT_GUARD_MESSAGES, refuseInput, textProblem } from '../http/input-guard.ts';
import type { FileStorage } from '../storage/storage.ts';
import { fileThrough, formParts } from './multipart-body.ts';
import type { SniffedType } from './sniff.ts';
import { TypeAndSizeGuard } from './type-size-guard.ts';

export interface ReceivedFile {
  key: string;
  originalName: string;
  mime: string;
  kind: SniffedType['kind'];
  size: number;
  /** Set when the file came whole through a resumable upload session (files/upload-sessions.ts). */
  uploadId?: string;
}

/** A finished resumable upload named in the `uploads` field, and how many files came before it. */
export interface NamedUpload {
  id: string;
  position: number;
}

export interface ReceiveOptions {
  field: string;
  maxFiles: number;
  /** Storage key for a new file; the random part keeps names unguessable and unique. */
  keyFor: (fileId: string) => string;
  accept?: (type: SniffedType) => boolean;
  /** Also take a JSON body, as the text fields of a form without files. */
  acceptJson?: boolean;
}

/**
 * Streams the files of a multipart request into storage, checking each one's type by content and
 * its size by type. Other fields are answered as text, but for `uploads`: each names a finished
 * resumable upload, kept with its place among the files. On any failure every stored file is removed.
 */
export async function receiveFiles(
  request: FastifyRequest,
  storage: FileStorage,
  options: ReceiveOptions,
): Promise<{ files: ReceivedFile[]; fields: Record<string, string>; uploads: NamedUpload[] }> {
  if (!request.isMultipart()) {
    if (options.acceptJson && isPlainObject(request.body)) {
      const { [UPLOADS_FIELD]: named, ...rest } = request.body;
      return { files: [], fields: formFields(rest), uploads: namedInJson(named) };
    }
    // JSON that is not an object ([], "text", 5, null): a bad body rather than a wrong media type.
    if (options.acceptJson && request.body !== undefined) {
      throw new AppError('VALIDATION_ERROR', INPUT_GUARD_MESSAGES.notAnObject);
    }
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      options.acceptJson ? 'Send multipart/form-data or JSON' : 'Send files as multipart/form-data',
    );
  }
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const uploads: NamedUpload[] = [];
  try {
    for await (const part of formParts(request, {
      limits: { files: options.maxFiles, fileSize: VIDEO_FILE_MAX_BYTES + 1 },
    })) {
      if (part.type === 'field') {
        const text = String(part.value);
        const problem = textProblem(part.fieldname) ?? textProblem(text);
        if (problem) refuseInput(problem);
        if (part.fieldname === UPLOADS_FIELD)
          uploads.push({ id: text, position: files.length + uploads.length });
        else fields[part.fieldname] = text;
        continue;
      }
      if (part.fieldname !== options.field) {
        part.file.resume();
        throw new AppError('VALIDATION_ERROR', `Files must be sent in the "${options.field}" field`);
      }
      const originalName = (part.filename || 'file').slice(0, 255);
      const guard = new TypeAndSizeGuard(originalName, options.accept ?? (() => true));
      const key = options.keyFor(randomUUID());
      try {
        const stored = await storage.put(key, fileThrough(part.file, guard));
        files.push({ key, originalName, mime: guard.type!.mime, kind: guard.type!.kind, size: stored.size });
      } catch (error) {
        part.file.resume();
        throw guard.failure ?? error;
      }
    }
  } catch (error) {
    await Promise.all(files.map((file) => storage.delete(file.key)));
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', `At most ${options.maxFiles} files may be attached`);
    }
    throw error;
  }
  return { files, fields, uploads };
}

/** The `uploads` of a JSON body: a list of ids, after any files (a JSON body has none). */
function namedInJson(named: unknown): NamedUpload[] {
  if (named === undefined || named === null) return [];
  if (!Array.isArray(named) || !named.every((id) => typeof id === 'string')) {
    throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.notUploadIds);
  }
  return named.map((id: string, position) => ({ id, position }));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON body's fields as a form would send them: booleans as 'true' / 'false', numbers as text,
 * structures as JSON text, so one schema reads both. null and undefined leave the field out.
 */
function formFields(body: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    fields[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return fields;
}
