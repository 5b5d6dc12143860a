// What the media benchmark prints: each measurement with its baseline, the CPU every process used, and
// the targets.
import type { ProbeSummary } from './health-probe-types.ts';
import type { BatchMeasurement } from './media-batch.ts';
import type { CpuShare, Guarded } from './media-guard.ts';
import type { PhotoRun } from './media-photo.ts';
import type { RawSharpRun } from './media-raw.ts';
import type { LargeUploadRun } from './media-video.ts';
import { formatTable } from './table.ts';

export interface MediaTarget {
  target: string;
  actual: string;
  pass: boolean;
}

export interface MediaReport {
  rawSharp: {
    sweep: Array<Guarded<RawSharpRun>>;
    concurrency: number;
    before: Guarded<RawSharpRun>;
    after: Guarded<RawSharpRun>;
    /** Mean of before and after: the baseline of the ratio. */
    imagesPerSecond: number;
    drift: number;
    phonePhotoMs: RawSharpRun['perImageMs'];
  };
  pipeline: Guarded<BatchMeasurement> & { ratioToRaw: number };
  largeUpload: Guarded<LargeUploadRun>;
  singlePhoto: Guarded<PhotoRun[]> & {
    medianMs: number;
    p90Ms: number;
    medianUploadMs: number;
    medianClaimMs: number;
    medianWorkMs: number;
  };
  targets: MediaTarget[];
}

const percent = (value: number | null) => (value === null ? '-' : `${value}%`);
const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

function cpuLine(cpu: CpuShare) {
  return (
    `CPU in percent of one core: server ${percent(cpu.server)}, PostgreSQL ${percent(cpu.database)}, ` +
    `health probe ${percent(cpu.loadGenerator)}, this process ${percent(cpu.bench)}, other ${percent(cpu.other)}`
  );
}

function guardNote(guarded: Guarded<unknown>) {
  const tries = guarded.attempts > 1 ? `, attempt ${guarded.attempts}` : '';
  return guarded.noisy ? ` [NOISY: other work used ${guarded.cpu.other}% of one core${tries}]` : tries;
}

function latency(summary: Pick<ProbeSummary, 'latencyMs' | 'requests'> & { lateSends?: number }) {
  const { p50, p90, p99, max, mean } = summary.latencyMs;
  return (
    `p50 ${p50.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, mean ${mean.toFixed(2)} ms, ` +
    `max ${max.toFixed(2)} ms, ${summary.requests} requests` +
    (summary.lateSends ? `, ${summary.lateSends} sent late (probe starved of CPU)` : '')
  );
}

function printRaw(raw: MediaReport['rawSharp']) {
  const row = (label: string, run: Guarded<RawSharpRun>) => [
    label,
    String(run.result.concurrency),
    String(run.result.images),
    run.result.imagesPerSecond.toFixed(2),
    run.result.perImageMs.median.toFixed(0),
    run.result.perImageMs.p90.toFixed(0),
    percent(run.cpu.bench),
    percent(run.cpu.other) + (run.noisy ? ' NOISY' : ''),
  ];
  console.log("\nRaw sharp (the server's makeImageVariants called in this process, photos on disk):");
  console.log(
    formatTable(
      [
        { title: 'run' },
        { title: 'at once', align: 'right' },
        { title: 'images', align: 'right' },
        { title: 'images/s', align: 'right' },
        { title: 'ms/image p50', align: 'right' },
        { title: 'p90', align: 'right' },
        { title: 'cpu bench', align: 'right' },
        { title: 'cpu other', align: 'right' },
      ],
      [...raw.sweep.map((run) => row('sweep', run)), row('before', raw.before), row('after', raw.after)],
    ),
  );
  console.log(
    `baseline: ${raw.imagesPerSecond.toFixed(2)} images/s at ${raw.concurrency} at once ` +
      `(before/after gap ${(raw.drift * 100).toFixed(1)}%${raw.drift > 0.1 ? ', LARGE' : ''})`,
  );
}

function printPipeline(pipeline: MediaReport['pipeline']) {
  const { batch, idleHealth, serverMaxRssMb } = pipeline.result;
  console.log(`\nPipeline${guardNote(pipeline)}:`);
  console.log(
    `  ${batch.images} photos in ${seconds(batch.totalMs)}: ${batch.imagesPerSecond.toFixed(2)} images/s, ` +
      `${pipeline.ratioToRaw.toFixed(2)}x raw sharp`,
  );
  console.log(
    `  uploads all answered at ${seconds(batch.uploadsAnsweredMs)}, first job running at ` +
      `${seconds(batch.firstRunningMs)}; jobs done per second while uploads streamed in ` +
      `${batch.whileUploadingImagesPerSecond.toFixed(2)}, after ${batch.afterUploadsImagesPerSecond?.toFixed(2) ?? '-'}; ` +
      `jobs running at once: ${batch.meanRunning.toFixed(2)} on average, ` +
      `${batch.meanRunningWhileQueued?.toFixed(2) ?? '-'} while jobs were queued`,
  );
  console.log(`  ${cpuLine(pipeline.cpu)}; server RSS max ${serverMaxRssMb.toFixed(0)} MB`);
  console.log(`  GET /api/health idle:             ${latency(idleHealth)}`);
  console.log(
    `  GET /api/health during the batch: ${latency(batch.health)} ` +
      `(${batch.healthWindowSeconds.from.toFixed(1)}-${batch.healthWindowSeconds.to.toFixed(1)} s` +
      `${batch.healthInsideBatch ? ', inside the batch' : ', OUTSIDE the batch: the batch ended first'})`,
  );
  const { whileUploading, afterUploads } = batch.healthPhases;
  if (whileUploading) console.log(`    while uploads streamed in:    ${latency(whileUploading)}`);
  if (afterUploads) console.log(`    after the last upload:        ${latency(afterUploads)}`);
}

function printLargeUpload(guarded: MediaReport['largeUpload']) {
  const run = guarded.result;
  const mb = (value: number | null) => (value === null ? '?' : `${value.toFixed(0)} MB`);
  console.log(`\nLarge upload${guardNote(guarded)}:`);
  console.log(
    `  ${mb(run.bytes / 2 ** 20)} in ${seconds(run.uploadMs)} (${run.megabytesPerSecond.toFixed(0)} MB/s); server RSS ` +
      `${mb(run.idleRssMb)} idle, peak ${mb(run.uploadPeakMb)} (sampled ${mb(run.uploadSampledMaxMb)} in ` +
      `${run.samples} samples, kernel ${mb(run.uploadKernelPeakMb)}), +${mb(run.uploadGrowthMb)}; ` +
      `${mb(run.anonAtPeakMb)} anonymous at the sampled peak`,
  );
  console.log(
    `  then processed: ${run.processing.status}${run.processing.error ? ` (${run.processing.error})` : ''} ` +
      `after ${seconds(run.processing.ms)}, server RSS max ${mb(run.processing.sampledMaxRssMb)} meanwhile; ` +
      `this process's RSS ${mb(run.benchRssMb)}`,
  );
}

function printPhoto(photo: MediaReport['singlePhoto'], rawMs: RawSharpRun['perImageMs']) {
  const totals = photo.result.map((run) => run.totalMs);
  console.log(`\nOne photo, upload start to ready${guardNote(photo)}:`);
  console.log(
    `  median ${photo.medianMs.toFixed(0)} ms, p90 ${photo.p90Ms.toFixed(0)} ms, min ${Math.min(...totals).toFixed(0)} ms, ` +
      `max ${Math.max(...totals).toFixed(0)} ms over ${totals.length} runs`,
  );
  console.log(
    `  median split: upload answered ${photo.medianUploadMs.toFixed(0)} ms, then claimed by the worker ` +
      `${photo.medianClaimMs.toFixed(0)} ms later, then ready ${photo.medianWorkMs.toFixed(0)} ms later; ` +
      `raw sharp on the same photo, idle: ${rawMs.median.toFixed(0)} ms`,
  );
}

export function printMediaReport(report: MediaReport) {
  printRaw(report.rawSharp);
  printPipeline(report.pipeline);
  printLargeUpload(report.largeUpload);
  printPhoto(report.singlePhoto, report.rawSharp.phonePhotoMs);
  const noisy = [
    ...report.rawSharp.sweep,
    report.rawSharp.before,
    report.rawSharp.after,
    report.pipeline,
    report.largeUpload,
    report.singlePhoto,
  ].filter((guarded) => guarded.noisy);
  if (noisy.length > 0) {
    console.log(
      `\n${noisy.length} measurement(s) kept although other work used more than the limit: run again on a quiet machine`,
    );
  }
  const width = Math.max(...report.targets.map((target) => target.target.length));
  console.log('\nTargets (PostgreSQL):');
  for (const target of report.targets) {
    console.log(
      `  ${target.pass ? 'PASS' : 'MISS'}  ${target.target.padEnd(width)}  actual ${target.actual}`,
    );
  }
}
