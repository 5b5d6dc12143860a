import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as prettier from 'prettier';
import { cpuSnapshot, cpuUse, type CpuUse } from './cpu.ts';
import type { LoadGenerator } from './load.ts';
import type { LoadRequest, LoadSummary } from './load-types.ts';
import { formatTable, type Column } from './table.ts';
import type { DatabaseKind, TrowelUnderTest } from './trowel.ts';

/** A failure that makes the whole run invalid (an error answer, wrong data); the run exits non-zero. */
export class BenchError extends Error {}

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Seconds after which an unanswered request counts as a timeout (which fails the run); 10 by default. */
  timeoutSeconds?: number;
}

function positiveNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new BenchError(`${name} must be a positive number`);
  return value;
}

/** Connections, warm-up and measured seconds: the defaults, or BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS, BENCH_DURATION_SECONDS. */
/** Server settings given to a benchmark as NAME=A=1,B=2 in the environment variable `name`. */
export function serverEnvFrom(name: string): Record<string, string> {
  return Object.fromEntries(
    (process.env[name] ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair): [string, string] => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

export function loadSettings(defaults: LoadSettings): LoadSettings {
  return {
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', defaults.connections)),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', defaults.warmupSeconds),
    durationSeconds: positiveNumber('BENCH_DURATION_SECONDS', defaults.durationSeconds),
    ...(defaults.timeoutSeconds === undefined ? {} : { timeoutSeconds: defaults.timeoutSeconds }),
  };
}

/** The databases to run on: BENCH_DATABASES (comma-separated), PostgreSQL and PGlite by default. */
export function benchDatabases(): DatabaseKind[] {
  const kinds = (process.env.BENCH_DATABASES ?? 'postgres,pglite')
    .split(',')
    .map((kind) => kind.trim())
    .filter((kind): kind is DatabaseKind => kind === 'postgres' || kind === 'pglite');
  if (kinds.length === 0) throw new BenchError('BENCH_DATABASES names no known database');
  return kinds;
}

export function databaseName(kind: DatabaseKind): string {
  return kind === 'postgres' ? 'PostgreSQL' : 'PGlite (on disk)';
}

/**
 * Any error answer, failed or timed-out request fails the benchmark; so does a measured run in which no
 * request completed (it has no latencies).
 */
export function assertClean(summary: LoadSummary, phase: string, requireAnswers = false) {
  if (requireAnswers && summary.totalRequests === 0) {
    throw new BenchError(`${summary.title} (${phase}): no request completed within the run, so no latencies`);
  }
  if (summary.non2xx === 0 && summary.errors === 0 && summary.timeouts === 0) return;
  throw new BenchError(
    `${summary.title} (${phase}): ${summary.non2xx} non-2xx answers, ${summary.errors} errors, ` +
      `${summary.timeouts} timeouts; status codes ${JSON.stringify(summary.statusCodes)}`,
  );
}

export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  if (!response.ok)
    throw new BenchError(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

/** Signs in through the API and answers the Authorization header of the session. */
export async function signIn(origin: string, credentials: { email: string; password: string }) {
  const { token } = await fetchJson<{ token: string }>(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return { authorization: `Bearer ${token}` };
}

export interface MeasuredRun {
  summary: LoadSummary;
  cpu: CpuUse;
  /** performance.now() at the start and end of the measured run (not the warm-up). */
  startedAtMs: number;
  endedAtMs: number;
  /** How long the server took to work off what the warm-up and the run left queued (see `settle`). */
  settleMs: { afterWarmup: number; afterRun: number };
}

/**
 * Waits until the server has worked off what the last run left queued (autocannon drops its in-flight
 * requests when a run ends, the server still serves them): three GET /api/health in a row answered
 * within 5 ms. Health runs `select 1` through the server's own database handle, so it queues behind
 * that work (PGlite runs one statement at a time, in order). Bounded; answers the milliseconds waited.
 */
export async function settle(trowel: TrowelUnderTest, limitMs = 60_000): Promise<number> {
  const started = performance.now();
  const health = `${trowel.origin}/api/health`;
  let quick = 0;
  while (quick < 3) {
    const before = performance.now();
    const response = await fetch(health, { signal: AbortSignal.timeout(limitMs) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new BenchError(`GET ${health} answered ${response.status}`);
    const after = performance.now();
    quick = after - before < 5 ? quick + 1 : 0;
    if (after - started > limitMs)
      throw new BenchError(`the server was still busy ${limitMs} ms after a run`);
    await sleep(quick > 0 ? 20 : 100);
  }
  return performance.now() - started;
}

/**
 * A discarded warm-up, then the measured run with the CPU each process used; any error answer throws.
 * `serverPid` is the process serving `url` (Trowel's or the bare one); Trowel is let settle around
 * every run, the bare runs included, so none starts while it still works off the one before.
 */
export async function measure(
  load: LoadGenerator,
  trowel: TrowelUnderTest,
  settings: LoadSettings,
  title: string,
  url: string,
  headers: Record<string, string> | undefined,
  serverPid: number,
  /** Paths to spread the requests over at random instead of the url's own. */
  paths?: string[],
  /** POST one-time tokens instead of GETs (see LoadRequest.tokenBodies). */
  tokenBodies?: LoadRequest['tokenBodies'],
  /** How long the server may take to work off a run's leftovers (heavy answers take long). */
  settleLimitMs?: number,
): Promise<MeasuredRun> {
  const base = {
    title,
    url,
    ...(paths ? { paths } : {}),
    ...(tokenBodies ? { tokenBodies } : {}),
    connections: settings.connections,
    ...(settings.timeoutSeconds === undefined ? {} : { timeoutSeconds: settings.timeoutSeconds }),
    ...(headers ? { headers } : {}),
  };
  assertClean(await load.run({ ...base, durationSeconds: settings.warmupSeconds }), 'warm-up');
  const afterWarmup = await settle(trowel, settleLimitMs);
  await sleep(500);
  const subjects = { serverPid, loadPid: load.pid, databasePids: await trowel.databasePids() };
  const before = cpuSnapshot(subjects);
  const startedAtMs = performance.now();
  const summary = await load.run({ ...base, durationSeconds: settings.durationSeconds });
  const endedAtMs = performance.now();
  const cpu = cpuUse(before, cpuSnapshot(subjects));
  assertClean(summary, 'measured run', true);
  const afterRun = await settle(trowel, settleLimitMs);
  await sleep(500);
  return { summary, cpu, startedAtMs, endedAtMs, settleMs: { afterWarmup, afterRun } };
}

export interface EndpointResult<Id extends string = string> {
  id: Id;
  label: string;
  requestsPerSecond: number;
  ratioToBare: number;
  totalRequests: number;
  latencyMs: LoadSummary['latencyMs'];
  non2xx: number;
  errors: number;
  timeouts: number;
  cpuPercentOfOneCore: CpuUse;
}

export interface Baseline {
  /** Mean req/s of the bare route runs; every ratio divides by it. */
  baselineRequestsPerSecond: number;
  /** (max - min) / mean of the bare runs. */
  baselineDrift: number;
}

export function baselineOf(bareRates: readonly number[]): Baseline {
  if (bareRates.length === 0) throw new BenchError('no bare runs to compare with');
  const mean = bareRates.reduce((sum, rate) => sum + rate, 0) / bareRates.length;
  return {
    baselineRequestsPerSecond: mean,
    baselineDrift: (Math.max(...bareRates) - Math.min(...bareRates)) / mean,
  };
}

export function endpointResult<Id extends string>(
  id: Id,
  label: string,
  run: MeasuredRun,
  baseline: Baseline,
): EndpointResult<Id> {
  const { summary, cpu } = run;
  return {
    id,
    label,
    requestsPerSecond: summary.requestsPerSecond,
    ratioToBare: summary.requestsPerSecond / baseline.baselineRequestsPerSecond,
    totalRequests: summary.totalRequests,
    latencyMs: summary.latencyMs,
    non2xx: summary.non2xx,
    errors: summary.errors,
    timeouts: summary.timeouts,
    cpuPercentOfOneCore: cpu,
  };
}

function cpuCell(value: number | null) {
  return value === null ? '-' : `${value}%`;
}

/** Extra columns after the standard ones. */
export interface ExtraColumn<Result> {
  column: Column;
  cell(result: Result): string;
}

/** The per-endpoint table: rate, ratio to bare, latencies, requests and CPU use. */
export function endpointTable<Result extends EndpointResult>(
  endpoints: readonly Result[],
  extra: ReadonlyArray<ExtraColumn<Result>> = [],
): string {
  return formatTable(
    [
      { title: 'endpoint' },
      { title: 'req/s', align: 'right' },
      { title: 'x bare', align: 'right' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p99 ms', align: 'right' },
      { title: 'non-2xx', align: 'right' },
      { title: 'requests', align: 'right' },
      { title: 'cpu server', align: 'right' },
      { title: 'cpu db', align: 'right' },
      { title: 'cpu loadgen', align: 'right' },
      { title: 'cpu other', align: 'right' },
      ...extra.map((column) => column.column),
    ],
    endpoints.map((endpoint) => [
      endpoint.label,
      endpoint.requestsPerSecond.toFixed(0),
      endpoint.ratioToBare.toFixed(3),
      String(endpoint.latencyMs.p50),
      `${endpoint.latencyMs.p99}${endpoint.latencyMs.p99Source === 'p97_5' ? ' (p97.5)' : ''}`,
      String(endpoint.non2xx),
      String(endpoint.totalRequests),
      cpuCell(endpoint.cpuPercentOfOneCore.server),
      cpuCell(endpoint.cpuPercentOfOneCore.database),
      cpuCell(endpoint.cpuPercentOfOneCore.loadGenerator),
      cpuCell(endpoint.cpuPercentOfOneCore.other),
      ...extra.map((column) => column.cell(endpoint)),
    ]),
  );
}

/** One line on the baseline and how much it moved between the bare runs. */
export function baselineLine(baseline: Baseline): string {
  const drift = `${(baseline.baselineDrift * 100).toFixed(1)}%`;
  return (
    `baseline = mean of the bare runs: ${baseline.baselineRequestsPerSecond.toFixed(0)} req/s; ` +
    `before/after gap ${drift}${baseline.baselineDrift > 0.15 ? ' (LARGE: machine load changed during the run)' : ''}`
  );
}

export interface TargetResult {
  target: string;
  actual: string;
  pass: boolean;
}

/** Prints targets with PASS or MISS; `setFor` is the database they were set for (PostgreSQL unless said). */
export function printTargets(
  kind: DatabaseKind,
  targets: readonly TargetResult[],
  setFor: DatabaseKind = 'postgres',
) {
  const width = Math.max(...targets.map((target) => target.target.length));
  console.log(
    kind === setFor
      ? `\nTargets (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}):`
      : `\nTargets (set for ${setFor === 'postgres' ? 'PostgreSQL' : 'PGlite'}; shown for reference):`,
  );
  for (const target of targets) {
    console.log(
      `  ${target.pass ? 'PASS' : 'MISS'}  ${target.target.padEnd(width)}  actual ${target.actual}`,
    );
  }
}

/** The machine, for the results file. */
export function machineFacts() {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    note: 'load generator, server processes and PostgreSQL share the same cores',
  };
}

/** The commit of the code under test, and how many files of the server and shared code differ from it. */
export function sourceRevision(): { commit: string | null; uncommittedServerFiles: number | null } {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    const changed = git('status', '--porcelain', '--', 'apps/server', 'packages/shared');
    return {
      commit: git('rev-parse', 'HEAD'),
      uncommittedServerFiles: changed === '' ? 0 : changed.split('\n').length,
    };
  } catch {
    return { commit: null, uncommittedServerFiles: null };
  }
}

/** Where a results file goes: bench/results, or BENCH_RESULTS_DIR (a shortened run keeps the committed figures). */
export function resultsFile(name: string): string {
  return path.resolve(process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, '..', 'results'), name);
}

/** Writes a results file as the repository's Prettier settings format it, so a run leaves bench/ clean. */
export async function writeResults(file: string, report: unknown) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  const text = await prettier.format(JSON.stringify(report, null, 2), { ...options, filepath: file });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
}
