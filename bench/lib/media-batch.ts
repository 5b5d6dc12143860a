// A batch of photos through the real pipeline (upload, storage, job, variants), with GET /api/health under
// a steady, modest load during it: the clock runs from the first upload's first byte to the last job done.
import { setTimeout as sleep } from 'node:timers/promises';
import type { HealthProber } from './health-probe.ts';
import type { CpuShare, CpuWindow } from './media-guard.ts';
import { latencySummary, type ProbeSummary } from './health-probe-types.ts';
import { BenchError } from './measure.ts';
import { uploadMedia, type JobCounts, type JobWatcher, type UploadedFile } from './media-upload.ts';

/** GET /api/health at a fixed rate: the server's responsiveness, not its capacity. */
export interface HealthProbe {
  connections: number;
  requestsPerSecond: number;
  durationSeconds: number;
}

export interface BatchOptions {
  origin: string;
  headers: Record<string, string>;
  projectId: string;
  files: readonly string[];
  /** Files per POST /api/media/upload-batch, and how many such requests are in flight at once. */
  filesPerRequest: number;
  parallelRequests: number;
  jobs: JobWatcher;
  prober: HealthProber;
  /** The health probe starts this long after the first upload and must end before the last job does. */
  probeLeadSeconds: number;
  probe: HealthProbe;
  pollMs: number;
  limitMs: number;
  /** Starts the CPU accounting; it stops when the last job is done. */
  watchCpu(): CpuWindow;
}

/** Jobs by state once a second from the first upload, for the report. */
export interface BatchTick extends JobCounts {
  atSeconds: number;
  uploaded: number;
}

export interface BatchRun {
  images: number;
  /** From the first upload's start: the last upload answered, the first job seen running, the last job seen done. */
  uploadsAnsweredMs: number;
  firstRunningMs: number | null;
  totalMs: number;
  imagesPerSecond: number;
  /** Images per second from the first job running to the last done: the worker's rate once it has work. */
  processingImagesPerSecond: number | null;
  /** Jobs done per second while uploads were still streaming in, and after the last upload was answered. */
  whileUploadingImagesPerSecond: number;
  afterUploadsImagesPerSecond: number | null;
  /** Mean jobs running at once while some were left to run: how well the worker kept its slots busy. */
  meanRunning: number;
  meanRunningWhileQueued: number | null;
  failed: string[];
  health: ProbeSummary;
  /** The probe's answers split at the moment the last upload was answered. */
  healthPhases: { whileUploading: HealthPhase | null; afterUploads: HealthPhase | null };
  /** Seconds from the first upload at which the health probe ran; it must lie inside the batch. */
  healthWindowSeconds: { from: number; to: number };
  healthInsideBatch: boolean;
  /** From the first upload to the last job done. */
  cpu: CpuShare;
  timeline: BatchTick[];
}

export interface HealthPhase {
  requests: number;
  latencyMs: ProbeSummary['latencyMs'];
}

function phaseOf(latencies: number[]): HealthPhase | null {
  return latencies.length > 0 ? { requests: latencies.length, latencyMs: latencySummary(latencies) } : null;
}

/** The batch with the idle health probe measured just before it, and the server's highest RSS during it. */
export interface BatchMeasurement {
  idleHealth: ProbeSummary;
  batch: BatchRun;
  serverMaxRssMb: number;
}

function requestsOf(files: readonly string[], size: number): string[][] {
  const groups: string[][] = [];
  for (let start = 0; start < files.length; start += size) groups.push(files.slice(start, start + size));
  return groups;
}

export async function runBatch(options: BatchOptions): Promise<BatchRun> {
  const { files, jobs, prober, probe } = options;
  const cpuWindow = options.watchCpu();
  const started = performance.now();
  const since = () => performance.now() - started;
  const uploaded: UploadedFile[] = [];
  const groups = requestsOf(files, options.filesPerRequest);
  let nextGroup = 0;
  let uploadsAnsweredMs: number | null = null;
  let uploadFailure: unknown = null;
  const uploads = Promise.all(
    Array.from({ length: options.parallelRequests }, async () => {
      for (let index = nextGroup++; index < groups.length; index = nextGroup++) {
        uploaded.push(
          ...(await uploadMedia(options.origin, options.headers, options.projectId, groups[index]!)),
        );
      }
    }),
  ).then(
    () => (uploadsAnsweredMs = since()),
    (error: unknown) => (uploadFailure = error ?? new BenchError('an upload failed')),
  );

  const health = sleep(options.probeLeadSeconds * 1000).then(async () => {
    const from = since();
    const summary = await prober.run({
      title: 'GET /api/health during the batch',
      url: `${options.origin}/api/health`,
      ...probe,
    });
    return { summary, from, to: since() };
  });
  // Awaited below; a failure meanwhile must not end the process as an unhandled rejection.
  health.catch(() => undefined);

  const samples: Array<BatchTick & { atMs: number }> = [];
  let firstRunningMs: number | null = null;
  let finishedMs: number | null = null;
  let cpu: CpuShare | null = null;
  while (finishedMs === null) {
    if (uploadFailure) throw uploadFailure;
    if (since() > options.limitMs)
      throw new BenchError(`the batch was not processed within ${options.limitMs} ms`);
    const ids = uploaded.map((file) => file.processingId);
    const counts = ids.length > 0 ? await jobs.counts(ids) : { queued: 0, running: 0, done: 0, failed: 0 };
    const atMs = since();
    samples.push({ atMs, atSeconds: atMs / 1000, uploaded: ids.length, ...counts });
    if (firstRunningMs === null && counts.running + counts.done + counts.failed > 0) firstRunningMs = atMs;
    if (uploadsAnsweredMs !== null && counts.done + counts.failed === files.length) {
      finishedMs = atMs;
      cpu = cpuWindow.stop();
    } else await sleep(options.pollMs);
  }
  await uploads;
  if (uploadFailure) throw uploadFailure;
  const probed = await health;

  const working = samples.filter((sample) => firstRunningMs !== null && sample.atMs >= firstRunningMs);
  const withQueue = working.filter((sample) => sample.queued > 0 || sample.uploaded < files.length);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const last = samples.at(-1)!;
  const timeline: BatchTick[] = [];
  for (const [index, { atMs: _atMs, ...tick }] of samples.entries()) {
    if (tick.atSeconds >= timeline.length || index === samples.length - 1) timeline.push(tick);
  }
  const processingMs = firstRunningMs === null ? null : finishedMs - firstRunningMs;
  const answeredMs = uploadsAnsweredMs ?? finishedMs;
  const doneWhileUploading = samples.filter((sample) => sample.atMs <= answeredMs).at(-1)?.done ?? 0;
  return {
    images: files.length,
    uploadsAnsweredMs: answeredMs,
    firstRunningMs,
    totalMs: finishedMs,
    imagesPerSecond: files.length / (finishedMs / 1000),
    processingImagesPerSecond: processingMs ? files.length / (processingMs / 1000) : null,
    whileUploadingImagesPerSecond: doneWhileUploading / (answeredMs / 1000),
    afterUploadsImagesPerSecond:
      finishedMs > answeredMs
        ? (files.length - doneWhileUploading) / ((finishedMs - answeredMs) / 1000)
        : null,
    meanRunning: mean(working.map((sample) => sample.running)),
    meanRunningWhileQueued: withQueue.length ? mean(withQueue.map((sample) => sample.running)) : null,
    failed: last.failed > 0 ? await jobs.failures(uploaded.map((file) => file.processingId)) : [],
    health: probed.summary,
    healthPhases: {
      whileUploading: phaseOf(
        probed.summary.samples.filter(([at]) => probed.from + at < answeredMs).map(([, ms]) => ms),
      ),
      afterUploads: phaseOf(
        probed.summary.samples.filter(([at]) => probed.from + at >= answeredMs).map(([, ms]) => ms),
      ),
    },
    healthWindowSeconds: { from: probed.from / 1000, to: probed.to / 1000 },
    healthInsideBatch: probed.to <= finishedMs,
    cpu: cpu!,
    timeline,
  };
}
