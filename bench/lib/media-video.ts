// The server's resident memory while one video of the largest allowed size streams in over HTTP: sampled
// from /proc every 50 ms, with the kernel's high-water mark catching what falls between two samples.
import { setTimeout as sleep } from 'node:timers/promises';
import { peakRssMb, processMemory, resetPeakRss, startRssSampler } from './memory.ts';
import { uploadMedia, waitForProcessing } from './media-upload.ts';

export interface LargeUploadOptions {
  origin: string;
  headers: Record<string, string>;
  projectId: string;
  serverPid: number;
  video: string;
  bytes: number;
  sampleMs: number;
}

export interface LargeUploadRun {
  bytes: number;
  /** Mean of the samples over the second before the upload. */
  idleRssMb: number;
  /** Highest RSS while the request streamed in, sampled and by the kernel's high-water mark. */
  uploadSampledMaxMb: number;
  uploadKernelPeakMb: number | null;
  uploadPeakMb: number;
  /** The peak above the idle RSS: what the target limits. */
  uploadGrowthMb: number;
  /** Anonymous memory (heap, buffers) at the sampled peak. */
  anonAtPeakMb: number | null;
  samples: number;
  uploadMs: number;
  megabytesPerSecond: number;
  /** What became of the file afterwards (its variants are made by a job), and the RSS meanwhile. */
  processing: { status: string; error: string | null; ms: number; sampledMaxRssMb: number };
  /** This process's RSS after the upload: the file was streamed from disk, not held in memory. */
  benchRssMb: number;
}

export async function largeUploadMemory(options: LargeUploadOptions): Promise<LargeUploadRun> {
  const { serverPid } = options;
  const idle: number[] = [];
  for (let sample = 0; sample < 20; sample++) {
    idle.push(processMemory(serverPid)?.rssMb ?? Number.NaN);
    await sleep(50);
  }
  const idleRssMb = idle.reduce((sum, value) => sum + value, 0) / idle.length;
  const kernelReset = resetPeakRss(serverPid);
  const sampler = startRssSampler(serverPid, options.sampleMs);
  try {
    const started = performance.now();
    const [uploaded] = await uploadMedia(options.origin, options.headers, options.projectId, [options.video]);
    const answered = performance.now();
    const uploadKernelPeakMb = kernelReset ? peakRssMb(serverPid) : null;
    const uploadSampledMaxMb = sampler.max(started, answered);
    const peak = sampler.peak(started, answered);
    const uploadPeakMb = Math.max(uploadSampledMaxMb, uploadKernelPeakMb ?? 0);
    const uploadMs = answered - started;

    const outcome = uploaded
      ? await waitForProcessing(options.origin, options.headers, uploaded.processingId, {
          intervalMs: 200,
          limitMs: 600_000,
        })
      : { status: 'missing', error: 'the upload answered no processing id' };
    const processedMs = performance.now() - answered;
    return {
      bytes: options.bytes,
      idleRssMb,
      uploadSampledMaxMb,
      uploadKernelPeakMb,
      uploadPeakMb,
      uploadGrowthMb: uploadPeakMb - idleRssMb,
      anonAtPeakMb: peak?.anonMb ?? null,
      samples: sampler.samples().filter(({ atMs }) => atMs >= started && atMs <= answered).length,
      uploadMs,
      megabytesPerSecond: options.bytes / 2 ** 20 / (uploadMs / 1000),
      processing: {
        status: outcome.status,
        error: outcome.error,
        ms: processedMs,
        sampledMaxRssMb: sampler.max(answered),
      },
      benchRssMb: process.memoryUsage().rss / 2 ** 20,
    };
  } finally {
    sampler.stop();
  }
}
