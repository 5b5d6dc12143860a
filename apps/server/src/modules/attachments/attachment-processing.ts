import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import type { AttachmentRow, JobRow } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { PermanentJobError } from '../../jobs/worker.ts';
import { MediaProcessingError } from '../../media-processing/index.ts';
import { jobQueue } from '../../jobs/queue.ts';
import { attachmentsRepository } from './attachments.repository.ts';

export const ATTACHMENT_JOB = 'attachment.process';

const needsProcessing = (row: Pick<AttachmentRow, 'status'>) => row.status === 'processing';

/**
 * Queues variant making for new files, in the caller's transaction, so a file and its job are
 * committed together. Answers the processing id of each queued file.
 */
export async function queueProcessing(tx: Db, rows: AttachmentRow[], requestedBy: string) {
  const jobs = jobQueue(tx);
  const files = attachmentsRepository(tx);
  const processingIds = new Map<string, string>();
  for (const row of rows) {
    if (!needsProcessing(row)) continue;
    const job = await jobs.enqueue({ type: ATTACHMENT_JOB, payload: { attachmentId: row.id }, requestedBy });
    await files.setProcessingId(row.id, job.processingId);
    row.processingId = job.processingId;
    processingIds.set(row.id, job.processingId);
  }
  return processingIds;
}

async function makeVariants(ctx: AppContext, row: AttachmentRow, source: string, written: string[]) {
  const variants: Record<string, string> = {};
  const store = async (name: string, body: Readable) => {
    const key = `${row.storageKey}.${name}`;
    written.push(key);
    await ctx.storage.put(key, body);
    variants[name] = key;
  };
  if (row.mediaType === 'document') return { variants, duration: null };
  if (row.mediaType === 'image') {
    const result = await ctx.processor.image(source);
    for (const variant of result.variants) await store(variant.name, Readable.from(variant.data));
    return { variants, duration: null };
  }
  const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trowel-video-'));
  try {
    const output = path.join(directory, 'compressed.mp4');
    const { duration, poster } = await ctx.processor.video(source, output);
    await store('poster_jpg', Readable.from(poster));
    await store('compressed_mp4', fs.createReadStream(output));
    return { variants, duration };
  } finally {
    await fs.promises.rm(directory, { recursive: true, force: true });
  }
}

/**
 * Job: the variants of one image or video. A file that cannot be processed ends as failed with a
 * reason; a file deleted meanwhile leaves nothing behind; other errors are retried.
 */
export async function processAttachment(ctx: AppContext, job: JobRow) {
  const { attachmentId } = job.payload as { attachmentId: string };
  const row = await ctx.attachments.find(attachmentId);
  if (!row || row.status !== 'processing') return { attachmentId, skipped: true };
  const source = await ctx.storage.localPath(row.storageKey);
  const written: string[] = [];
  try {
    const { variants, duration } = await makeVariants(ctx, row, source.path, written);
    if (!(await ctx.attachments.markReady(row.id, variants, duration))) {
      await Promise.allSettled(written.map((key) => ctx.storage.delete(key)));
      return { attachmentId, skipped: true };
    }
    // Lists that show the file (kept pages of logs) now show its variants.
    await ctx.invalidate({ kind: 'logs-media' });
    return { attachmentId, variants: Object.keys(variants) };
  } catch (error) {
    await Promise.allSettled(written.map((key) => ctx.storage.delete(key)));
    if (error instanceof MediaProcessingError && !error.retryable) {
      await ctx.attachments.markFailed(row.id, error.message);
      await ctx.invalidate({ kind: 'logs-media' });
      throw new PermanentJobError(`${row.originalName}: ${error.message}`);
    }
    // Another attempt may succeed (a timeout, a busy machine); the last one marks the file failed.
    throw error instanceof Error
      ? new Error(`${row.originalName}: ${error.message}`, { cause: error })
      : error;
  } finally {
    await source.release();
  }
}

/** When a job gives up (attempts used, or its worker vanished for good), its file shows as failed. */
export async function attachmentJobFailed(ctx: AppContext, job: JobRow, reason: string) {
  const { attachmentId } = job.payload as { attachmentId: string };
  await ctx.attachments.markFailed(attachmentId, reason);
  await ctx.invalidate({ kind: 'logs-media' });
}
