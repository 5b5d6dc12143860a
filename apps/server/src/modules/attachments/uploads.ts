import type { FastifyRequest } from 'fastify';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { receiveFiles, type ReceivedFile } from '../../files/receive-files.ts';
import { badRequest } from '../../http/app-error.ts';
import type { NewAttachment } from './attachments.repository.ts';

/**
 * Streams a multipart request's files into storage (type by content, size by type, at most
 * `maxFiles`) and answers its text fields parsed by `schema`. Invalid fields remove the files.
 */
export async function receiveUploads<S extends z.ZodType>(
  ctx: AppContext,
  request: FastifyRequest,
  options: { field: string; prefix: string; schema: S; maxFiles?: number; acceptJson?: boolean },
): Promise<{ files: ReceivedFile[]; fields: z.output<S> }> {
  const { files, fields } = await receiveFiles(request, ctx.storage, {
    field: options.field,
    maxFiles: options.maxFiles ?? MAX_FILES_PER_UPLOAD,
    keyFor: (fileId) => `${options.prefix}/${fileId}`,
    acceptJson: options.acceptJson,
  });
  const parsed = options.schema.safeParse(fields);
  if (!parsed.success) {
    await discardFiles(ctx, files);
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid fields');
  }
  return { files, fields: parsed.data };
}

export async function discardFiles(ctx: AppContext, files: ReadonlyArray<{ key: string }> | string[]) {
  await Promise.allSettled(
    files.map((file) => ctx.storage.delete(typeof file === 'string' ? file : file.key)),
  );
}

/**
 * Rows for received files: images and videos wait for their variants; documents are ready at once,
 * except project media, where every file goes through the job so each upload has a status to poll.
 */
export function attachmentRows(
  files: readonly ReceivedFile[],
  owner: Pick<
    NewAttachment,
    'projectId' | 'kind' | 'phaseId' | 'taskId' | 'dailyLogId' | 'replyId' | 'uploadedBy'
  > &
    Partial<Pick<NewAttachment, 'description' | 'isClientVisible'>>,
): NewAttachment[] {
  return files.map((file) => ({
    ...owner,
    storageKey: file.key,
    originalName: file.originalName,
    mimeType: file.mime,
    size: file.size,
    mediaType: file.kind,
    status: file.kind === 'document' && owner.kind !== 'media' ? 'ready' : 'processing',
  }));
}

/** Runs `work` with the uploaded files; when it fails the files are removed, so nothing is orphaned. */
export async function withUploadedFiles<T>(
  ctx: AppContext,
  files: readonly ReceivedFile[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardFiles(ctx, files);
    throw error;
  }
}
