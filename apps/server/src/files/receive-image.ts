import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PlatformContext as AppContext } from '../platform.ts';
import { AppError } from '../http/app-error.ts';
import { fileThrough, firstFile } from './multipart-body.ts';
import { HeadCapture, sniffImageType } from './sniff.ts';

/**
 * Streams the one image of a multipart request (in `field`) into storage under a random name and
 * answers its key. The type is checked on the content, never the name; a file over `maxBytes`, or
 * not an image, is removed and refused.
 */
export async function receiveImage(
  ctx: AppContext,
  request: FastifyRequest,
  options: { field: string; maxBytes: number; prefix: string; tooLarge: string; notAnImage: string },
): Promise<string> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the ${options.field} as multipart/form-data`);
  }
  const file = await firstFile(request, { limits: { fileSize: options.maxBytes, files: 1, fields: 5 } });
  if (!file || file.fieldname !== options.field) {
    file?.file.resume();
    throw new AppError('VALIDATION_ERROR', `${options.field}: an image file is required`);
  }
  const key = `${options.prefix}/${randomUUID()}`;
  const head = new HeadCapture();
  await ctx.storage.put(key, fileThrough(file.file, head));
  if (file.file.truncated) {
    await ctx.storage.delete(key);
    throw new AppError('PAYLOAD_TOO_LARGE', options.tooLarge);
  }
  if (!sniffImageType(head.head)) {
    await ctx.storage.delete(key);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.notAnImage);
  }
  return key;
}
