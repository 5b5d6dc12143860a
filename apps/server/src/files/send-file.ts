import type { FastifyReply } from 'fastify';
import { notFound } from '../http/app-error.ts';
import type { FileStorage } from '../storage/storage.ts';
import { INLINE_TYPES } from './sniff.ts';

/** A file name safe in a Content-Disposition header, plus its UTF-8 form. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii =
    name
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\;]/g, '_')
      .slice(0, 150) || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name.slice(0, 150))}`;
}

/**
 * Streams a stored file. Only types a browser shows safely are ever served inline; anything else
 * (HTML, SVG, text, office documents) always downloads.
 */
export async function sendStoredFile(
  storage: FileStorage,
  reply: FastifyReply,
  file: { storageKey: string; mimeType: string; originalName: string },
  disposition: 'inline' | 'attachment',
) {
  const stat = await storage.stat(file.storageKey);
  if (!stat) throw notFound('File');
  const inline = disposition === 'inline' && INLINE_TYPES.has(file.mimeType);
  reply
    .header('content-type', inline ? file.mimeType : 'application/octet-stream')
    .header('content-length', String(stat.size))
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.originalName))
    .header('cache-control', 'private, max-age=300')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
  if (reply.request.method === 'HEAD') return reply.send();
  const stream = await storage.get(file.storageKey);
  if (!stream) throw notFound('File');
  return reply.send(stream);
}
