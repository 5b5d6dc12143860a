import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fileMaxBytes, VIDEO_FILE_MAX_BYTES } from '@trowel/shared/files/attachment.schemas.ts';
import { AppError } from '../http/app-error.ts';
import { INPUT_GUARD_MESSAGES, refuseInput, textProblem } from '../http/input-guard.ts';
import type { FileStorage } from '../storage/storage.ts';
import { fileThrough, formParts } from './multipart-body.ts';
import { sniffFileType, type SniffedType } from './sniff.ts';

export interface ReceivedFile {
  key: string;
  originalName: string;
  mime: string;
  kind: SniffedType['kind'];
  size: number;
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

const SNIFF_BYTES = 64;

/** Checks a file's type from its first bytes and its size against the limit of that type, as it streams. */
class TypeAndSizeGuard extends Transform {
  type: SniffedType | null = null;
  failure: AppError | null = null;
  private head: Buffer[] = [];
  private seen = 0;

  constructor(
    private readonly originalName: string,
    private readonly accept: (type: SniffedType) => boolean,
  ) {
    super();
  }

  private decide(): boolean {
    const head = Buffer.concat(this.head);
    this.type = sniffFileType(head, this.originalName);
    if (!this.type || !this.accept(this.type)) {
      this.failure = new AppError('UNSUPPORTED_MEDIA_TYPE', `File type not allowed: ${this.originalName}`);
      return false;
    }
    return true;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (!this.type && this.seen < SNIFF_BYTES) this.head.push(chunk.subarray(0, SNIFF_BYTES));
    this.seen += chunk.length;
    if (!this.type && this.seen >= SNIFF_BYTES && !this.decide()) return callback(this.failure);
    const limit = fileMaxBytes(this.type?.kind ?? 'document');
    if (this.seen > limit) {
      this.failure = new AppError(
        'PAYLOAD_TOO_LARGE',
        `File is larger than ${limit} bytes: ${this.originalName}`,
      );
      return callback(this.failure);
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (!this.type && !this.decide()) return callback(this.failure);
    callback();
  }
}

/**
 * Streams the files of a multipart request into storage, checking each one's type by content and
 * its size by type. Other fields are answered as text. On any failure every stored file is removed.
 */
export async function receiveFiles(request: FastifyRequest, storage: FileStorage, options: ReceiveOptions) {
  if (!request.isMultipart()) {
    if (options.acceptJson && isPlainObject(request.body))
      return { files: [] as ReceivedFile[], fields: formFields(request.body) };
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
  try {
    for await (const part of formParts(request, {
      limits: { files: options.maxFiles, fileSize: VIDEO_FILE_MAX_BYTES + 1 },
    })) {
      if (part.type === 'field') {
        const text = String(part.value);
        const problem = textProblem(part.fieldname) ?? textProblem(text);
        if (problem) refuseInput(problem);
        fields[part.fieldname] = text;
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
  return { files, fields };
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
