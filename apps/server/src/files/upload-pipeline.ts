import type { FastifyRequest } from 'fastify';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import type { z } from 'zod';
import type { PlatformContext as AppContext, Repositories } from '../platform.ts';
import type { AttachmentRow } from '../db/schema/files.ts';
import { UPLOAD_MESSAGES } from '@trowel/shared/files/upload-session.schemas.ts';
import { actorOf } from '../http/access.ts';
import { AppError, badRequest } from '../http/app-error.ts';
import { ATTACHMENT_JOB, FILE_LISTS } from './attachment-job.ts';
import type { NewAttachment } from './attachments.repository.ts';
import { receiveFiles, type NamedUpload, type ReceivedFile } from './receive-files.ts';
import { finishedUploads } from './upload-sessions.ts';

import { inWorkflow } from '../workflow/engine.ts';
import type { WorkflowTransaction } from '../workflow/workflow-transaction.ts';
import { isUuid } from '../lib/uuid.ts';

/**
 * The one upload pipeline, used by every feature that stores files (task files, logs, replies,
 * media; budget documents, RFQ and quote files next):
 *   1. the route authorizes the caller, then `receiveUpload` streams the files into storage (type by
 *      content, size by type) and parses the text fields into plain values; files that came whole
 *      through resumable upload sessions are named in `uploads` and join them in their place;
 *   2. the service calls `saveUploadedFiles`: one transaction writes what the files belong to, their
 *      rows and their processing jobs;
 *   3. on any failure before the commit the stored files are removed (`withUpload` guards the route,
 *      so a service that refuses the upload leaves nothing behind either).
 */
export interface Upload<F> {
  files: ReceivedFile[];
  fields: F;
  /** Set once the files' rows are committed: from then on the files are owned by the database. */
  saved: boolean;
}

export interface ReceiveUploadOptions<S extends z.ZodType> {
  /** The multipart field of the files. */
  field: string;
  /** Where in storage the files go (`logs`, `media`, `projects/{id}/tasks/{id}`). */
  prefix: string;
  /** The text fields, parsed; invalid fields remove the files and answer 400. */
  schema: S;
  maxFiles?: number;
  /** Also take a JSON body when there are no files. */
  acceptJson?: boolean;
}

/** Step 1 (route): the request's files streamed into storage and its fields as plain values. */
export async function receiveUpload<S extends z.ZodType>(
  ctx: AppContext,
  request: FastifyRequest,
  options: ReceiveUploadOptions<S>,
): Promise<Upload<z.output<S>>> {
  const maxFiles = options.maxFiles ?? MAX_FILES_PER_UPLOAD;
  const received = await receiveFiles(request, ctx.storage, {
    field: options.field,
    maxFiles,
    keyFor: (fileId) => `${options.prefix}/${fileId}`,
    acceptJson: options.acceptJson,
  });
  try {
    const parsed = options.schema.safeParse(received.fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid fields');
    const files = await withFinishedUploads(ctx, actorOf(request), received, maxFiles);
    return { files, fields: parsed.data, saved: false };
  } catch (error) {
    await discardFiles(ctx, received.files);
    throw error;
  }
}

/**
 * The files received in the request and the finished resumable uploads it names (`uploads`), in the
 * order they were sent, at most `maxFiles` in all.
 */
async function withFinishedUploads(
  ctx: AppContext,
  actor: { id: string },
  received: { files: ReceivedFile[]; uploads: NamedUpload[] },
  maxFiles: number,
): Promise<ReceivedFile[]> {
  if (received.uploads.length === 0) return received.files;
  if (!received.uploads.every((named) => isUuid(named.id))) throw badRequest(UPLOAD_MESSAGES.notUploadIds);
  if (received.files.length + received.uploads.length > maxFiles) {
    throw new AppError('PAYLOAD_TOO_LARGE', `At most ${maxFiles} files may be attached`);
  }
  const finished = await finishedUploads(
    ctx,
    actor,
    received.uploads.map((named) => named.id),
  );
  const files = [...received.files];
  received.uploads.forEach((named, index) => files.splice(named.position, 0, finished[index]!));
  return files;
}

/** Runs the service with the upload; when it fails before the files were saved, they are removed. */
export async function withUpload<F, T>(
  ctx: AppContext,
  upload: Upload<F>,
  run: (upload: Upload<F>) => Promise<T>,
): Promise<T> {
  try {
    return await run(upload);
  } catch (error) {
    // A resumable upload's file stays with its session, for the person to attach again.
    if (!upload.saved)
      await discardFiles(
        ctx,
        upload.files.filter((file) => !file.uploadId),
      );
    throw error;
  }
}

/** Where stored files belong. */
export type FileOwner = Pick<
  NewAttachment,
  | 'projectId'
  | 'phaseId'
  | 'taskId'
  | 'dailyLogId'
  | 'replyId'
  | 'budgetId'
  | 'rfqId'
  | 'vendorResponseId'
  | 'changeOrderId'
  | 'deliveryId'
  | 'invoiceId'
> &
  Required<Pick<NewAttachment, 'kind'>> &
  Partial<Pick<NewAttachment, 'description' | 'isClientVisible'>>;

/**
 * Step 2 (service): in one transaction, `write` makes what the files belong to (a log, a reply, or
 * nothing for project media) and answers their owner; the files' rows are written, in the order
 * they were sent, and their processing queued. The transaction is the workflow engine's, so `write`
 * may take workflow steps and write history in it (`tx`); after the commit the lists that show such
 * files, and whatever those steps made stale, are dropped (in every process) once, and the worker is woken.
 */
export async function saveUploadedFiles<T>(
  ctx: AppContext,
  actor: { id: string },
  upload: Upload<unknown>,
  write: (scoped: Repositories, tx: WorkflowTransaction) => Promise<{ owner: FileOwner; result: T }>,
): Promise<{ result: T; rows: AttachmentRow[] }> {
  const saved = await inWorkflow(ctx, async (tx) => {
    const { owner, result } = await write(tx.repos, tx);
    await takeFinishedUploads(tx.repos, actor, upload.files);
    const rows = await tx.repos.attachments.insertMany(attachmentRows(upload.files, owner, actor.id));
    await queueProcessing(tx.repos, rows, actor.id);
    const lists = FILE_LISTS[owner.kind];
    if (lists) tx.invalidate(lists);
    tx.wake();
    return { result, rows };
  });
  upload.saved = true;
  return saved;
}

/** The sessions of resumable uploads attached here end in the same transaction: their files are the attachments'. */
async function takeFinishedUploads(
  scoped: Repositories,
  actor: { id: string },
  files: readonly ReceivedFile[],
) {
  const ids = files.flatMap((file) => (file.uploadId ? [file.uploadId] : []));
  const taken = await scoped.uploadSessions.take(actor.id, ids);
  if (taken.length !== ids.length) throw new AppError('UPLOAD_NOT_FOUND', UPLOAD_MESSAGES.notFound);
}

/**
 * Rows for received files, in the order they were sent: images and videos wait for their variants;
 * documents are ready at once, except project media, where every file goes through the job so each
 * upload has a status to poll.
 */
function attachmentRows(
  files: readonly ReceivedFile[],
  owner: FileOwner,
  uploadedBy: string,
): NewAttachment[] {
  return files.map((file, position) => ({
    ...owner,
    uploadedBy,
    position,
    storageKey: file.key,
    originalName: file.originalName,
    mimeType: file.mime,
    size: file.size,
    mediaType: file.kind,
    status: file.kind === 'document' && owner.kind !== 'media' ? 'ready' : 'processing',
  }));
}

/** Queues variant making for new files in the caller's transaction, so a file and its job commit together. */
async function queueProcessing(scoped: Repositories, rows: AttachmentRow[], requestedBy: string) {
  for (const row of rows) {
    if (row.status !== 'processing') continue;
    const job = await scoped.jobs.enqueue({
      type: ATTACHMENT_JOB,
      payload: { attachmentId: row.id },
      requestedBy,
    });
    await scoped.attachments.setProcessingId(row.id, job.processingId);
    row.processingId = job.processingId;
  }
}

/** Removes stored files (uploads that were refused, or files whose rows were deleted). */
export async function discardFiles(ctx: AppContext, files: ReadonlyArray<{ key: string }> | string[]) {
  await Promise.allSettled(
    files.map((file) => ctx.storage.delete(typeof file === 'string' ? file : file.key)),
  );
}
