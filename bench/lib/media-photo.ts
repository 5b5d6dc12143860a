// One phone photo from the start of its upload to "ready", as a user waits for it: one at a time, each
// with the worker idle, split into upload, wait for a worker, and the work itself.
import { setTimeout as sleep } from 'node:timers/promises';
import { BenchError } from './measure.ts';
import { uploadMedia, waitForProcessing, type JobWatcher } from './media-upload.ts';

export interface PhotoRun {
  /** From the upload's first byte to the status poll that answered completed. */
  totalMs: number;
  /** Until POST /api/media/upload answered (the file stored, its row and job committed). */
  uploadMs: number;
  /** From the answer to the job row seen running (claimed by the worker); null if missed between polls. */
  claimMs: number | null;
  /** From the job seen running to the status answering completed. */
  workMs: number | null;
  status: string;
  error: string | null;
}

export interface PhotoOptions {
  origin: string;
  headers: Record<string, string>;
  projectId: string;
  photo: string;
  runs: number;
  jobs: JobWatcher;
  /** How often the status route is polled (a client would poll less often, and see it later). */
  statusPollMs: number;
  /** How often the job row is read, to see when the worker claims it. */
  claimPollMs: number;
}

async function workerIdle(jobs: JobWatcher, limitMs = 60_000) {
  const started = performance.now();
  while ((await jobs.unfinished()) > 0) {
    if (performance.now() - started > limitMs) throw new BenchError('the worker did not become idle');
    await sleep(100);
  }
}

async function oneRun(options: PhotoOptions): Promise<PhotoRun> {
  const { origin, headers, jobs } = options;
  const started = performance.now();
  const [uploaded] = await uploadMedia(origin, headers, options.projectId, [options.photo]);
  if (!uploaded) throw new BenchError('the upload answered no processing id');
  const uploadMs = performance.now() - started;
  let claimedAt: number | null = null;
  let watching = true;
  const watchClaim = (async () => {
    while (watching) {
      const status = await jobs.status(uploaded.processingId);
      if (status === 'running') claimedAt = performance.now();
      if (status !== 'queued') return; // seen running, or already finished between two reads
      await sleep(options.claimPollMs);
    }
  })();
  try {
    const outcome = await waitForProcessing(origin, headers, uploaded.processingId, {
      intervalMs: options.statusPollMs,
      limitMs: 60_000,
    });
    const readyAt = performance.now();
    return {
      totalMs: readyAt - started,
      uploadMs,
      claimMs: claimedAt === null ? null : claimedAt - started - uploadMs,
      workMs: claimedAt === null ? null : readyAt - claimedAt,
      status: outcome.status,
      error: outcome.error,
    };
  } finally {
    watching = false;
    await watchClaim;
  }
}

/** `runs` uploads of the same photo, one after the other, each once the worker has nothing left to do. */
export async function photoLatency(options: PhotoOptions): Promise<PhotoRun[]> {
  const runs: PhotoRun[] = [];
  for (let run = 0; run < options.runs; run++) {
    await workerIdle(options.jobs);
    await sleep(200);
    runs.push(await oneRun(options));
  }
  return runs;
}
