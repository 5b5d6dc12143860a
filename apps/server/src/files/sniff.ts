import { Transform, type TransformCallback } from 'node:stream';

const HEAD_BYTES = 64;

function startsWith(head: Buffer, bytes: number[], offset = 0) {
  return bytes.every((byte, index) => head[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** The media type a file's first bytes show, or null when they show none we accept as an image. */
export function sniffImageType(head: Buffer): ImageMime | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export interface SniffedType {
  mime: string;
  kind: 'image' | 'video' | 'document';
}

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte === 0 || byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false;
  }
  return true;
}

/**
 * What a file is, judged from its first bytes: images, videos, PDF, office documents and plain text.
 * Anything else (executables, unknown binaries) answers null and is refused.
 */
export function sniffFileType(head: Buffer, originalName: string): SniffedType | null {
  const type = sniffContent(head, originalName);
  // A document dressed as a photo or video (a text file named .jpg) is refused, never kept as one.
  if (type?.kind === 'document' && MEDIA_EXTENSION.test(originalName)) return null;
  return type;
}

const MEDIA_EXTENSION = /\.(jpe?g|png|gif|webp|heic|heif|avif|tiff?|mp4|m4v|mov|webm|mkv|avi|3gp)$/i;

/** ISO base media brands of still images (HEIC from iPhones, AVIF); other brands are video. */
const IMAGE_BRANDS: Record<string, string> = {
  heic: 'image/heic',
  heix: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
  avif: 'image/avif',
  avis: 'image/avif',
};

function sniffContent(head: Buffer, originalName: string): SniffedType | null {
  const image = sniffImageType(head);
  if (image) return { mime: image, kind: 'image' };
  if (startsWith(head, ascii('ftyp'), 4)) {
    const brand = head.subarray(8, 12).toString('latin1');
    const still = IMAGE_BRANDS[brand];
    if (still) return { mime: still, kind: 'image' };
    return { mime: brand === 'qt  ' ? 'video/quicktime' : 'video/mp4', kind: 'video' };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    return {
      mime: originalName.toLowerCase().endsWith('.webm') ? 'video/webm' : 'video/x-matroska',
      kind: 'video',
    };
  }
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('AVI '), 8))
    return { mime: 'video/x-msvideo', kind: 'video' };
  if (startsWith(head, ascii('%PDF-'))) return { mime: 'application/pdf', kind: 'document' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]))
    return { mime: officeZipMime(originalName), kind: 'document' };
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { mime: 'application/x-ole-storage', kind: 'document' };
  }
  if (looksLikeText(head)) return { mime: 'text/plain', kind: 'document' };
  return null;
}

function officeZipMime(name: string): string {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'docx') return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (extension === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (extension === 'pptx')
    return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return 'application/zip';
}

/** Types a browser may show inline; everything else (HTML, SVG, text, office) is only ever downloaded. */
export const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'application/pdf',
]);

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
