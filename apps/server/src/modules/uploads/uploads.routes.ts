import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  parseUploadOffset,
  startUploadInput,
  UPLOAD_MESSAGES,
  UPLOAD_OFFSET_HEADER,
  UPLOAD_PART_TYPE,
  uploadSessionAnswer,
} from '@trowel/shared/files/upload-session.schemas.ts';
import type { AppContext } from '../../context.ts';
import {
  discardUpload,
  findUpload,
  receivePart,
  startUpload,
  uploadState,
} from '../../files/upload-sessions.ts';
import { actorOf } from '../../http/access.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { idParams } from '../../http/responses.ts';

/** The declared length of a body, when the client gave one. */
function contentLength(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/**
 * Resumable uploads (files/upload-sessions.ts): start a session, ask where it stands, send parts,
 * discard it. Any signed-in person may upload; what a finished upload is attached to is decided by the
 * route that takes it. Another person's session answers 404, before any byte of a part is read.
 */
export function uploadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A part's bytes are left unread here: the handler streams them to disk.
    app.addContentTypeParser(UPLOAD_PART_TYPE, (_request, _payload, done) => done(null));

    app.post(
      '/uploads',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['uploads'],
          description: 'Starts a resumable upload of one file: its name and size in bytes.',
          body: startUploadInput,
          response: { 201: uploadSessionAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        upload: await startUpload(ctx, actorOf(request), request.body),
      }),
    );

    app.get(
      '/uploads/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['uploads'],
          description: 'How many bytes of the upload the server holds (`offset`): send the rest from there.',
          params: idParams,
          response: { 200: uploadSessionAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        upload: await uploadState(ctx, actorOf(request), request.params.id),
      }),
    );

    app.patch(
      '/uploads/:id',
      {
        config: {
          access: 'authenticated',
          authorize: async (actor, params) => {
            await findUpload(ctx, actor, params.id!);
          },
        },
        schema: {
          tags: ['uploads'],
          description: `The next bytes of the upload (${UPLOAD_PART_TYPE}), starting at the Upload-Offset header, which must be the server's offset (409 with the right one otherwise). The part that completes the file stores it.`,
          params: idParams,
          response: { 200: uploadSessionAnswer },
        },
      },
      async (request, reply) => {
        const type = request.headers['content-type'] ?? '';
        const offset = parseUploadOffset(request.headers[UPLOAD_OFFSET_HEADER]);
        if (!type.toLowerCase().startsWith(UPLOAD_PART_TYPE) || offset === null) {
          request.raw.resume();
          if (offset === null) throw badRequest(UPLOAD_MESSAGES.offsetHeader);
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the part's bytes as ${UPLOAD_PART_TYPE}`);
        }
        try {
          const upload = await receivePart(ctx, actorOf(request), request.params.id, {
            offset,
            body: request.raw,
            length: contentLength(request.headers['content-length']),
          });
          reply.header(UPLOAD_OFFSET_HEADER, String(upload.offset));
          return { success: true as const, upload };
        } finally {
          // A refused part is not read: let its bytes go by so the answer reaches the client.
          if (!request.raw.readableEnded) request.raw.resume();
        }
      },
    );

    app.delete(
      '/uploads/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['uploads'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await discardUpload(ctx, actorOf(request), request.params.id);
        return { success: true as const, message: 'Upload discarded' };
      },
    );
  };
}
