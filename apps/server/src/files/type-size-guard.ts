import { Transform, type TransformCallback } from 'node:stream';
import { fileMaxBytes } from '@trowel/shared/files/attachment.schemas.ts';
import { AppError } from '../http/app-error.ts';
import { sniffFileType, type SniffedType } from './sniff.ts';

/** How many first bytes tell a file's type. */
export const SNIFF_BYTES = 64;

/** Checks a file's type from its first bytes and its size against the limit of that type, as it streams. */
export class TypeAndSizeGuard extends Transform {
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
