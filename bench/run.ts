// Load benchmark of sign-in state and the staff list, on PostgreSQL and on PGlite, against a bare
// Fastify route measured in the same run. `npm run bench -w @trowel/bench`
//
// Processes: the server under test is its own process, started as `npm start` starts it, after this
// process has seeded its database (lib/trowel.ts); the bare route is another process of its own
// (lib/bare.ts), so each ratio compares two processes that do nothing but serve, and the CPU "server"
// column is the process serving that row. Autocannon runs in a third (lib/load.ts).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { isStaffRole } from '@trowel/shared/auth/roles.ts';
import { startBareServer } from './lib/bare.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { machineBusyPercent } from './lib/cpu.ts';
import { startLoadGenerator, type LoadGenerator } from './lib/load.ts';
import {
  BenchError,
  baselineLine,
  baselineOf,
  benchDatabases,
  databaseName,
  endpointResult,
  endpointTable,
  fetchJson,
  loadSettings,
  machineFacts,
  measure,
  printTargets,
  resultsFile,
  signIn,
  writeResults,
  type Baseline,
  type EndpointResult as MeasuredEndpoint,
  type MeasuredRun,
  type TargetResult,
} from './lib/measure.ts';
import { latencyTarget } from './lib/latency-targets.ts';
import { seedUsers, unknownPasswordHash, type SeedReport } from './lib/seed.ts';
import { benchAdmin, startTrowel, type DatabaseKind } from './lib/trowel.ts';

const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const {
  connections: CONNECTIONS,
  warmupSeconds: WARMUP_SECONDS,
  durationSeconds: DURATION_SECONDS,
} = SETTINGS;
const USERS = 10_000;
const PAGE_SIZE = 10;
const RESULTS_FILE = resultsFile('latest-auth-users.json');

type EndpointId = 'bare-before' | 'me' | 'staff' | 'staff-spread' | 'people-deep' | 'bare-after';

/** BENCH_ONLY=people-deep,staff runs those endpoints only (and the bare route). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((id) => id.trim());

type EndpointResult = MeasuredEndpoint<EndpointId>;

interface DatabaseResult extends Baseline {
  database: DatabaseKind;
  location: string;
  /** CPU the rest of the machine used just before this database's runs, in percent of one core. */
  backgroundCpuPercent: number | null;
  seed: SeedReport;
  endpoints: EndpointResult[];
  targets: TargetResult[];
}

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
];

/** Latency targets, each with its ratio to a bare request's time in the same run (lib/latency-targets.ts). */
const LATENCY_TARGETS: Array<{ what: string; endpoint: EndpointId; limitMs: number }> = [
  { what: '/auth/me', endpoint: 'me', limitMs: 25 },
  { what: 'staff list', endpoint: 'staff', limitMs: 25 },
  { what: 'deep pages', endpoint: 'people-deep', limitMs: 50 },
];

/**
 * Every page of the staff list and of each staff role's filter: some 1,600 pages, more than the
 * server keeps (500), so nearly every answer is read from the database, deep OFFSET pages included.
 */
function spreadPaths(byRole: SeedReport['byRole'], staff: number): string[] {
  const pages = (total: number) => Array.from({ length: Math.ceil(total / PAGE_SIZE) }, (_, i) => i + 1);
  const paths = pages(staff).map((page) => `/api/users/staff?page=${page}&limit=${PAGE_SIZE}`);
  for (const [role, count] of Object.entries(byRole)) {
    if (!isStaffRole(role)) continue;
    for (const page of pages(count + (role === 'admin' ? 1 : 0))) {
      paths.push(`/api/users/staff?page=${page}&limit=${PAGE_SIZE}&role=${role}`);
    }
  }
  return paths;
}

/**
 * Numbered pages past the first 100 people of the whole people list, at 10, 20 and 50 a page, and of the
 * staff list at 10: some 2,500 pages spread over every depth, far more than the server keeps (500), so
 * nearly every answer is read from the database.
 */
function deepPaths(people: number, staff: number): string[] {
  const paths: string[] = [];
  const add = (list: string, total: number, limit: number) => {
    const first = Math.ceil(100 / limit) + 1;
    for (let page = first; page <= Math.ceil(total / limit); page++) {
      paths.push(`/api/users${list}?page=${page}&limit=${limit}`);
    }
  };
  for (const limit of [10, 20, 50]) add('', people, limit);
  add('/staff', staff, 10);
  return paths;
}

async function benchDatabase(kind: DatabaseKind, load: LoadGenerator, passwordHash: string) {
  const admin = benchAdmin();
  // Seeded before the server starts, through this process's own connection (see lib/trowel.ts).
  const trowel = await startTrowel(kind, {
    admin,
    async prepare(db) {
      const seeded = await seedUsers(db, USERS, passwordHash);
      // A long-running database has analysed its tables by now (autovacuum): do it so every run plans alike.
      await db.execute(sql`analyze`);
      return seeded;
    },
  });
  const bare = await startBareServer().catch(async (error: unknown) => {
    await trowel.stop();
    throw error;
  });
  try {
    console.log(`\n== ${kind}: ${trowel.location}; server pid ${trowel.pid}, bare pid ${bare.pid}`);
    const seed = trowel.prepared;
    console.log(
      `seeded ${seed.users} users in ${Math.round(seed.milliseconds)} ms: ${JSON.stringify(seed.byRole)}`,
    );
    console.log(`server process RSS once it answered: ${trowel.startedRssMb?.toFixed(0) ?? '?'} MB`);

    const auth = await signIn(trowel.origin, admin);
    const backgroundCpuPercent = await machineBusyPercent(2000);
    console.log(
      `machine CPU in use before the runs (other work): ${backgroundCpuPercent ?? '?'}% of one core`,
    );

    const meUrl = `${trowel.origin}/api/auth/me`;
    const staffUrl = `${trowel.origin}/api/users/staff?page=1&limit=${PAGE_SIZE}`;
    const me = await fetchJson<{ user: { email: string } }>(meUrl, { headers: auth });
    if (me.user.email !== admin.email) throw new BenchError(`/auth/me answered ${me.user.email}`);
    const staff = await fetchJson<{ users: unknown[]; pagination: { totalItems: number } }>(staffUrl, {
      headers: auth,
    });
    const expectedStaff =
      1 + Object.entries(seed.byRole).reduce((sum, [role, n]) => sum + (isStaffRole(role) ? n : 0), 0);
    if (staff.users.length !== PAGE_SIZE || staff.pagination.totalItems !== expectedStaff) {
      throw new BenchError(
        `staff list answered ${staff.users.length} users of ${staff.pagination.totalItems}, expected ${PAGE_SIZE} of ${expectedStaff}`,
      );
    }
    const spread = spreadPaths(seed.byRole, expectedStaff);
    const deep = deepPaths(seed.users + 1, expectedStaff);

    // The bare route runs before and after the app's endpoints; their mean is the baseline, and a large
    // gap between the two shows that other work on the machine changed during the run.
    const plan: Array<{
      id: EndpointId;
      label: string;
      url: string;
      pid: number;
      headers?: Record<string, string>;
      paths?: string[];
    }> = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', url: bare.url, pid: bare.pid },
      { id: 'me', label: 'GET /api/auth/me', url: meUrl, pid: trowel.pid, headers: auth },
      {
        id: 'staff',
        label: 'GET /api/users/staff?page=1&limit=10',
        url: staffUrl,
        pid: trowel.pid,
        headers: auth,
      },
      {
        id: 'staff-spread',
        label: `staff list, ${spread.length} pages at random (not kept)`,
        url: staffUrl,
        pid: trowel.pid,
        headers: auth,
        paths: spread,
      },
      {
        id: 'people-deep',
        label: `people lists, ${deep.length} deep pages at random (not kept)`,
        url: staffUrl,
        pid: trowel.pid,
        headers: auth,
        paths: deep,
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const measured: Array<{ step: (typeof plan)[number]; run: MeasuredRun }> = [];
    for (const step of plan.filter((step) => step.id.startsWith('bare') || !ONLY || ONLY.includes(step.id))) {
      const title = `${kind} ${step.label}`;
      measured.push({
        step,
        run: await measure(load, trowel, SETTINGS, title, step.url, step.headers, step.pid, step.paths),
      });
    }
    const baseline = baselineOf(
      measured
        .filter(({ step }) => step.id.startsWith('bare'))
        .map(({ run }) => run.summary.requestsPerSecond),
    );
    const endpoints: EndpointResult[] = measured.map(({ step, run }) =>
      endpointResult(step.id, step.label, run, baseline),
    );
    // Targets about an endpoint left out of the run (BENCH_ONLY) are left out too.
    const targets: TargetResult[] = TARGETS.flatMap((target) => {
      const result = endpoints.find((endpoint) => endpoint.id === target.endpoint);
      return result
        ? [{ target: target.target, actual: target.actual(result), pass: target.pass(result) }]
        : [];
    });
    const bareAtLoad = {
      requestsPerSecond: baseline.baselineRequestsPerSecond,
      inFlight: SETTINGS.connections,
    };
    for (const { what, endpoint, limitMs } of LATENCY_TARGETS) {
      const result = endpoints.find((measured) => measured.id === endpoint);
      if (result) targets.push(latencyTarget(what, result.latencyMs.p99, limitMs, bareAtLoad));
    }
    const outcome: DatabaseResult = {
      database: kind,
      location: trowel.location,
      backgroundCpuPercent,
      seed,
      ...baseline,
      endpoints,
      targets,
    };
    printDatabase(outcome);
    return outcome;
  } finally {
    await bare.stop();
    await trowel.stop();
  }
}

function printDatabase(result: DatabaseResult) {
  console.log(
    `\n${databaseName(result.database)}: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint after ${WARMUP_SECONDS} s warm-up`,
  );
  console.log(endpointTable(result.endpoints));
  console.log(baselineLine(result));
  printTargets(result.database, result.targets);
}

async function main() {
  const cores = os.cpus().length;
  console.log('Trowel load benchmark: /api/auth/me and /api/users/staff against a bare Fastify route');
  console.log(
    `Machine: ${cores} CPU core(s), ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}. ` +
      'The load generator (autocannon), the server under test, the bare server (each its own process) and PostgreSQL ' +
      `share these ${cores} cores, so absolute figures understate a dedicated server; compare ratios.`,
  );
  console.log(
    'CPU columns: percent of one core during the measured run (the machine has ' +
      `${cores * 100}%): server = the process serving that row (Trowel's, with the database on PGlite, ` +
      'or the bare one), db = the PostgreSQL backends of the benchmark database, loadgen = autocannon, ' +
      'other = anything else running (this process included).',
  );
  console.log(`Seeding ${USERS} users per database; latencies have 1 ms resolution.`);
  const databases = benchDatabases();
  cleanUpOnInterrupt();

  const passwordHash = await unknownPasswordHash();
  const load = startLoadGenerator();
  cleanups.add(load.stop);
  const results: DatabaseResult[] = [];
  try {
    for (const kind of databases) results.push(await benchDatabase(kind, load, passwordHash));
  } finally {
    await load.stop();
    cleanups.delete(load.stop);
  }

  const report = {
    benchmark: 'auth-users',
    generatedAt: new Date().toISOString(),
    environment: machineFacts(),
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      durationSeconds: DURATION_SECONDS,
      users: USERS,
      only: ONLY ?? null,
      targetsApplyTo: 'postgres',
    },
    databases: results,
  };
  await writeResults(RESULTS_FILE, report);
}

main().catch((error: unknown) => {
  console.error(
    `\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
