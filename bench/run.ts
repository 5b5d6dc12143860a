// Load benchmark of sign-in state and the staff list, on PostgreSQL and on PGlite, against a bare
// Fastify route measured in the same run. `npm run bench -w @trowel/bench`
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { hashPassword } from '@trowel/server/src/modules/auth/password.ts';
import { isStaffRole } from '@trowel/shared/auth/roles.ts';
import { startBareServer } from './lib/bare.ts';
import { cpuSnapshot, cpuUse, machineBusyPercent, type CpuUse } from './lib/cpu.ts';
import { startLoadGenerator, type LoadGenerator } from './lib/load.ts';
import type { LoadSummary } from './lib/load-types.ts';
import { seedUsers, type SeedReport } from './lib/seed.ts';
import { formatTable } from './lib/table.ts';
import { startTrowel, type DatabaseKind, type TrowelUnderTest } from './lib/trowel.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const USERS = 10_000;
const DATABASES: DatabaseKind[] = (process.env.BENCH_DATABASES ?? 'postgres,pglite')
  .split(',')
  .map((kind) => kind.trim())
  .filter((kind): kind is DatabaseKind => kind === 'postgres' || kind === 'pglite');
const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'latest-auth-users.json');

type EndpointId = 'bare-before' | 'me' | 'staff' | 'bare-after';

interface EndpointResult {
  id: EndpointId;
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

interface TargetResult {
  target: string;
  actual: string;
  pass: boolean;
}

interface DatabaseResult {
  database: DatabaseKind;
  location: string;
  /** CPU the rest of the machine used just before this database's runs, in percent of one core. */
  backgroundCpuPercent: number | null;
  seed: SeedReport;
  /** Mean req/s of the bare route before and after; every ratio divides by it. */
  baselineRequestsPerSecond: number;
  /** (max - min) / mean of the two bare runs. */
  baselineDrift: number;
  endpoints: EndpointResult[];
  targets: TargetResult[];
}

class BenchError extends Error {}

/** What an interrupted run must still undo (servers, the throwaway database, the load process). */
const cleanups = new Set<() => Promise<void>>();
process.once('SIGINT', () => {
  console.error('\ninterrupted: stopping the servers and removing the benchmark data');
  void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(130));
});

const TARGETS: Array<{
  target: string;
  endpoint: EndpointId;
  actual(result: EndpointResult): string;
  pass(result: EndpointResult): boolean;
}> = [
  {
    target: '/auth/me >= 40% of bare req/s',
    endpoint: 'me',
    actual: (result) => `${(result.ratioToBare * 100).toFixed(1)}%`,
    pass: (result) => result.ratioToBare >= 0.4,
  },
  {
    target: 'staff list >= 10% of bare req/s',
    endpoint: 'staff',
    actual: (result) => `${(result.ratioToBare * 100).toFixed(1)}%`,
    pass: (result) => result.ratioToBare >= 0.1,
  },
  {
    target: '/auth/me p99 < 25 ms',
    endpoint: 'me',
    actual: (result) => `${result.latencyMs.p99} ms`,
    pass: (result) => result.latencyMs.p99 < 25,
  },
  {
    target: 'staff list p99 < 25 ms',
    endpoint: 'staff',
    actual: (result) => `${result.latencyMs.p99} ms`,
    pass: (result) => result.latencyMs.p99 < 25,
  },
];

function assertClean(summary: LoadSummary, phase: string) {
  if (summary.non2xx === 0 && summary.errors === 0 && summary.timeouts === 0) return;
  throw new BenchError(
    `${summary.title} (${phase}): ${summary.non2xx} non-2xx answers, ${summary.errors} errors, ` +
      `${summary.timeouts} timeouts; status codes ${JSON.stringify(summary.statusCodes)}`,
  );
}

async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  if (!response.ok)
    throw new BenchError(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

async function measure(
  load: LoadGenerator,
  trowel: TrowelUnderTest,
  title: string,
  url: string,
  headers: Record<string, string> | undefined,
): Promise<{ summary: LoadSummary; cpu: CpuUse }> {
  const base = { title, url, connections: CONNECTIONS, ...(headers ? { headers } : {}) };
  assertClean(await load.run({ ...base, durationSeconds: WARMUP_SECONDS }), 'warm-up');
  await sleep(500);
  const subjects = { loadPid: load.pid, databasePids: await trowel.databasePids() };
  const before = cpuSnapshot(subjects);
  const summary = await load.run({ ...base, durationSeconds: DURATION_SECONDS });
  const cpu = cpuUse(before, cpuSnapshot(subjects));
  assertClean(summary, 'measured run');
  await sleep(500);
  return { summary, cpu };
}

async function benchDatabase(kind: DatabaseKind, load: LoadGenerator, passwordHash: string) {
  const admin = { email: 'bench-admin@trowel.test', password: randomBytes(12).toString('base64url') };
  const trowel = await startTrowel(kind, admin);
  cleanups.add(trowel.stop);
  const bare = await startBareServer().catch(async (error: unknown) => {
    cleanups.delete(trowel.stop);
    await trowel.stop();
    throw error;
  });
  try {
    console.log(`\n== ${kind}: ${trowel.location}`);
    const seed = await seedUsers(trowel.server.ctx.db, USERS, passwordHash);
    console.log(
      `seeded ${seed.users} users in ${Math.round(seed.milliseconds)} ms: ${JSON.stringify(seed.byRole)}`,
    );

    const signIn = await fetchJson<{ token: string }>(`${trowel.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    // A long-running database has analysed its tables by now (autovacuum): do it so every run plans alike.
    await trowel.server.ctx.db.execute(sql`analyze`);
    const backgroundCpuPercent = await machineBusyPercent(2000);
    console.log(
      `machine CPU in use before the runs (other work): ${backgroundCpuPercent ?? '?'}% of one core`,
    );

    const auth = { authorization: `Bearer ${signIn.token}` };
    const meUrl = `${trowel.origin}/api/auth/me`;
    const staffUrl = `${trowel.origin}/api/users/staff?page=1&limit=10`;
    const me = await fetchJson<{ user: { email: string } }>(meUrl, { headers: auth });
    if (me.user.email !== admin.email) throw new BenchError(`/auth/me answered ${me.user.email}`);
    const staff = await fetchJson<{ users: unknown[]; pagination: { totalItems: number } }>(staffUrl, {
      headers: auth,
    });
    const expectedStaff =
      1 + Object.entries(seed.byRole).reduce((sum, [role, n]) => sum + (isStaffRole(role) ? n : 0), 0);
    if (staff.users.length !== 10 || staff.pagination.totalItems !== expectedStaff) {
      throw new BenchError(
        `staff list answered ${staff.users.length} users of ${staff.pagination.totalItems}, expected 10 of ${expectedStaff}`,
      );
    }

    // The bare route runs before and after the app's endpoints; their mean is the baseline, and a large
    // gap between the two shows that other work on the machine changed during the run.
    const plan: Array<{ id: EndpointId; label: string; url: string; headers?: Record<string, string> }> = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', url: bare.url },
      { id: 'me', label: 'GET /api/auth/me', url: meUrl, headers: auth },
      { id: 'staff', label: 'GET /api/users/staff?page=1&limit=10', url: staffUrl, headers: auth },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url },
    ];
    const measured: Array<{ step: (typeof plan)[number]; summary: LoadSummary; cpu: CpuUse }> = [];
    for (const step of plan) {
      measured.push({
        step,
        ...(await measure(load, trowel, `${kind} ${step.label}`, step.url, step.headers)),
      });
    }
    const bareRates = measured
      .filter(({ step }) => step.id.startsWith('bare'))
      .map(({ summary }) => summary.requestsPerSecond);
    const baselineRequestsPerSecond = bareRates.reduce((sum, rate) => sum + rate, 0) / bareRates.length;
    const baselineDrift = (Math.max(...bareRates) - Math.min(...bareRates)) / baselineRequestsPerSecond;
    const endpoints: EndpointResult[] = measured.map(({ step, summary, cpu }) => ({
      id: step.id,
      label: step.label,
      requestsPerSecond: summary.requestsPerSecond,
      ratioToBare: summary.requestsPerSecond / baselineRequestsPerSecond,
      totalRequests: summary.totalRequests,
      latencyMs: summary.latencyMs,
      non2xx: summary.non2xx,
      errors: summary.errors,
      timeouts: summary.timeouts,
      cpuPercentOfOneCore: cpu,
    }));
    const targets = TARGETS.map((target) => {
      const result = endpoints.find((endpoint) => endpoint.id === target.endpoint)!;
      return { target: target.target, actual: target.actual(result), pass: target.pass(result) };
    });
    const outcome: DatabaseResult = {
      database: kind,
      location: trowel.location,
      backgroundCpuPercent,
      seed,
      baselineRequestsPerSecond,
      baselineDrift,
      endpoints,
      targets,
    };
    printDatabase(outcome);
    return outcome;
  } finally {
    await bare.app.close();
    await trowel.stop();
    cleanups.delete(trowel.stop);
  }
}

function cpuCell(value: number | null) {
  return value === null ? '-' : `${value}%`;
}

function printDatabase(result: DatabaseResult) {
  const name = result.database === 'postgres' ? 'PostgreSQL' : 'PGlite (on disk)';
  console.log(
    `\n${name}: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint after ${WARMUP_SECONDS} s warm-up`,
  );
  console.log(
    formatTable(
      [
        { title: 'endpoint' },
        { title: 'req/s', align: 'right' },
        { title: 'x bare', align: 'right' },
        { title: 'p50 ms', align: 'right' },
        { title: 'p99 ms', align: 'right' },
        { title: 'requests', align: 'right' },
        { title: 'cpu server', align: 'right' },
        { title: 'cpu db', align: 'right' },
        { title: 'cpu loadgen', align: 'right' },
        { title: 'cpu other', align: 'right' },
      ],
      result.endpoints.map((endpoint) => [
        endpoint.label,
        endpoint.requestsPerSecond.toFixed(0),
        endpoint.ratioToBare.toFixed(3),
        String(endpoint.latencyMs.p50),
        `${endpoint.latencyMs.p99}${endpoint.latencyMs.p99Source === 'p97_5' ? ' (p97.5)' : ''}`,
        String(endpoint.totalRequests),
        cpuCell(endpoint.cpuPercentOfOneCore.server),
        cpuCell(endpoint.cpuPercentOfOneCore.database),
        cpuCell(endpoint.cpuPercentOfOneCore.loadGenerator),
        cpuCell(endpoint.cpuPercentOfOneCore.other),
      ]),
    ),
  );
  const drift = `${(result.baselineDrift * 100).toFixed(1)}%`;
  console.log(
    `baseline = mean of the two bare runs: ${result.baselineRequestsPerSecond.toFixed(0)} req/s; ` +
      `before/after gap ${drift}${result.baselineDrift > 0.15 ? ' (LARGE: machine load changed during the run)' : ''}`,
  );
  const applies = result.database === 'postgres';
  console.log(applies ? '\nTargets (PostgreSQL):' : '\nTargets (set for PostgreSQL; shown for reference):');
  for (const target of result.targets) {
    console.log(`  ${target.pass ? 'PASS' : 'MISS'}  ${target.target.padEnd(34)} actual ${target.actual}`);
  }
}

async function main() {
  const cores = os.cpus().length;
  console.log('Trowel load benchmark: /api/auth/me and /api/users/staff against a bare Fastify route');
  console.log(
    `Machine: ${cores} CPU core(s), ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}. ` +
      'The load generator (autocannon, its own process), the servers (this process) and PostgreSQL ' +
      `share these ${cores} cores, so absolute figures understate a dedicated server; compare ratios.`,
  );
  console.log(
    'CPU columns: percent of one core during the measured run (the machine has ' +
      `${cores * 100}%): server = this process (Fastify and, on PGlite, the database), db = the ` +
      'PostgreSQL backends of the benchmark database, loadgen = autocannon, other = anything else running.',
  );
  console.log(`Seeding ${USERS} users per database; latencies have 1 ms resolution.`);
  if (DATABASES.length === 0) throw new BenchError('BENCH_DATABASES names no known database');

  const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
  const load = startLoadGenerator();
  cleanups.add(load.stop);
  const results: DatabaseResult[] = [];
  try {
    for (const kind of DATABASES) results.push(await benchDatabase(kind, load, passwordHash));
  } finally {
    await load.stop();
    cleanups.delete(load.stop);
  }

  const report = {
    benchmark: 'auth-users',
    generatedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: cores,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      note: 'load generator, servers and PostgreSQL share the same cores',
    },
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      durationSeconds: DURATION_SECONDS,
      users: USERS,
      targetsApplyTo: 'postgres',
    },
    databases: results,
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

main().catch((error: unknown) => {
  console.error(
    `\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
