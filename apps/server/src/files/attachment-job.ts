import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AttachmentKind } from '@trowel/shared/files/attachment.schemas.ts';
import type { Invalidation } from '../cache/invalidation-bus.ts';
import type { PlatformContext as AppContext } from '../platform.ts';
import type { AttachmentRow, JobRow } from '../db/schema.ts';
import { PermanentJobError } from '../jobs/worker.ts';
import { MediaProcessingError } from '../media-processing/index.ts';

export const ATTACHMENT_JOB = 'attachment.process';

/** The cached lists that show files of each kind, dropped when such files change. */
export const FILE_LISTS: Record<AttachmentKind, Invalidation | null> = {
  task: null,
  log: { kind: 'logs-media' },
  reply: { kind: 'logs-media' },
  media: { kind: 'logs-media' },
  budget: { kind: 'budgets' },
  rfq: { kind: 'procurement' },
  quote: { kind: 'procurement' },
  change_order: null,
  delivery: null,
  invoice: null,
};

async function invalidateLists(ctx: AppContext, row: Pick<AttachmentRow, 'kind'>) {
  const lists = FILE_LISTS[row.kind];
  if (lists) await ctx.invalidate(lists);
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
    // Lists that show the file (kept pages of logs and media) now show its variants.
    await invalidateLists(ctx, row);
    return { attachmentId, variants: Object.keys(variants) };
  } catch (error) {
    await Promise.allSettled(written.map((key) => ctx.storage.delete(key)));
    if (error instanceof MediaProcessingError && !error.retryable) {
      await ctx.attachments.markFailed(row.id, error.message);
      await invalidateLists(ctx, row);
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
  const row = await ctx.attachments.find(attachmentId);
  if (row) await invalidateLists(ctx, row);
}
