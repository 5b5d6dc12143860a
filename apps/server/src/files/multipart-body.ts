import { finished, type Readable, type Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';

export const MALFORMED_MULTIPART = 'The upload is not well-formed multipart/form-data';

/**
 * What the multipart parser fails with (a plain error: no boundary, the body cut short; a file stream
 * closed before its end) is the client's error, 400. Errors with another code keep their own answers:
 * Fastify's limits (413) and the system's (a full disk), as do the app's own.
 */
export function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code !== 'ERR_STREAM_PREMATURE_CLOSE') return error;
  return new AppError('VALIDATION_ERROR', MALFORMED_MULTIPART);
}

type PartsOptions = Parameters<FastifyRequest['parts']>[0];
type Part = Awaited<ReturnType<ReturnType<FastifyRequest['parts']>['next']>>['value'];

/** The parts of a multipart request, as `request.parts()` gives them; a body that is not well-formed: 400. */
export async function* formParts(request: FastifyRequest, options: PartsOptions): AsyncGenerator<Part> {
  let parts: ReturnType<FastifyRequest['parts']>;
  try {
    parts = request.parts(options);
  } catch (error) {
    throw asClientError(error);
  }
  try {
    while (true) {
      let next: IteratorResult<Part>;
      try {
        next = await parts.next();
      } catch (error) {
        throw asClientError(error);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await parts.return?.();
  }
}

/**
 * A part's file piped through `guard`, with the file's failure (the body cut short inside it, even
 * before the file was handed over) passed on as the client's error: pipe() alone leaves the guard, and
 * whoever reads it, waiting for ever.
 */
export function fileThrough<T extends Transform>(file: Readable, guard: T): T {
  finished(file, (error) => {
    if (error) guard.destroy(asClientError(error) as Error);
  });
  return file.pipe(guard);
}

/** The first file of a multipart request (`request.file()`); a body that is not well-formed: 400. */
export async function firstFile(request: FastifyRequest, options: Parameters<FastifyRequest['file']>[0]) {
  try {
    return await request.file(options);
  } catch (error) {
    throw asClientError(error);
  }
}
