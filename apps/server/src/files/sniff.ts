import { Transform, type TransformCallback } from 'node:stream';

const HEAD_BYTES = 64;

function startsWith(head: Buffer, bytes: number[], offset = 0) {
  return bytes.every((byte, index) => head[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The media type a file's first bytes show, or null when they show none we accept as an image. */
export function sniffImageType(head: Buffer): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** A pass-through stream that keeps the first bytes of what flows through it, for type checks. */
export class HeadCapture extends Transform {
  private chunks: Buffer[] = [];
  private captured = 0;

  get head(): Buffer {
    return Buffer.concat(this.chunks);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.captured < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.captured);
      this.chunks.push(Buffer.from(part));
      this.captured += part.length;
    }
    callback(null, chunk);
  }
}
