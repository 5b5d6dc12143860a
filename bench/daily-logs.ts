// Load benchmark of the daily-log feed (with its reply threads and photos) and the media list, on
// 100,000 logs and 300,000 replies, against a bare Fastify route measured in the same run.
// `npm run bench:logs -w @trowel/bench` (BENCH_DATABASES=postgres by default: the target is PostgreSQL's)
//
// As in projects.ts: this process seeds the database, then starts the server under test as its own
// process (lib/trowel.ts); the bare route and autocannon run in processes of their own.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import { dailyLogs, projects, users } from '@trowel/server/src/db/schema.ts';
import { hashPassword } from '@trowel/server/src/lib/password.ts';
import { encodeCursor } from '@trowel/server/src/db/keyset-cursor.ts';
import { startBareServer } from './lib/bare.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { waitForQuietMachine } from './lib/cpu.ts';
import { seedDailyLogs, type DailyLogSeedReport } from './lib/daily-logs-seed.ts';
import { startLoadGenerator, type LoadGenerator } from './lib/load.ts';
import {
  BenchError,
  baselineLine,
  baselineOf,
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
  sourceRevision,
  writeResults,
  type Baseline,
  type EndpointResult,
  type TargetResult,
} from './lib/measure.ts';
import { processMemory, startRssSampler } from './lib/memory.ts';
import { projectPeopleRoles, seedProjects } from './lib/projects-seed.ts';
import { latencyTarget } from './lib/latency-targets.ts';
import { seedUsers } from './lib/seed.ts';
import { benchAdmin, startTrowel, type DatabaseKind } from './lib/trowel.ts';

const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const PROJECTS = 1_000;
const PEOPLE = { clients: 10, leads: 50, teamMembers: 100 };
const SEED = { logs: 100_000, repliesPerLog: 3, photoEvery: 4, media: 20_000 };
const PAGE_SIZE = 12;
const MEDIA_PAGE_SIZE = 24;
const DEEP_PAGE = 500;
/**
 * Pages at this many different places in the feed, requested at random: more than the server keeps
 * (300 pages), so nearly every request is built from the database, as a page nobody asked for lately is.
 */
const SPREAD_PAGES = 2_000;
const LIST_P99_MS = 50;
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120);
const RESULTS_FILE = resultsFile('latest-daily-logs.json');
const REVISION = sourceRevision();

type Persona = 'admin' | 'client';

interface Step {
  id: string;
  label: string;
  path: string | null;
  as: Persona | null;
  /** Requests go to these paths at random (path is the one checked before the run). */
  paths?: string[];
}

interface LogsFixture {
  seed: DailyLogSeedReport;
  client: { email: string; visibleLogs: number };
  projectId: string;
  projectLogs: number;
  deepCursor: string;
  /** Where SPREAD_PAGES pages of 12 start, spread over the whole feed (newest first). */
  spreadCursors: string[];
}

interface LogListAnswer {
  dailyLogs: Array<{ id: string; isClientVisible: boolean; replies: unknown[] }>;
  pagination: { totalItems: number; hasNext: boolean };
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new BenchError(`wrong answer: ${message}`);
}

async function prepareLogs(db: Db, passwordHash: string): Promise<LogsFixture> {
  await seedUsers(db, projectPeopleRoles(PEOPLE).length, passwordHash, { roles: projectPeopleRoles(PEOPLE) });
  const [notified] = await db.select().from(users).where(eq(users.role, 'project_manager')).limit(1);
  await seedProjects(db, {
    projects: PROJECTS,
    projectsWithPhases: 1,
    notifiedUserEmail: notified!.email,
    notifications: 1,
  });
  const seed = await seedDailyLogs(db, SEED);
  await db.execute(sql.raw('vacuum (analyze)'));

  const [client] = await db
    .select()
    .from(users)
    .where(eq(users.role, 'client'))
    .orderBy(asc(users.email))
    .limit(1);
  const visibleLogs = await db.$count(
    dailyLogs,
    and(
      eq(dailyLogs.isClientVisible, true),
      inArray(
        dailyLogs.projectId,
        db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, client!.id)),
      ),
    ),
  );
  const [project] = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).limit(1);
  const projectLogs = await db.$count(dailyLogs, eq(dailyLogs.projectId, project!.id));
  const [last] = await db
    .select({ createdAt: dailyLogs.createdAt, id: dailyLogs.id })
    .from(dailyLogs)
    .orderBy(desc(dailyLogs.createdAt), desc(dailyLogs.id))
    .offset((DEEP_PAGE - 1) * PAGE_SIZE - 1)
    .limit(1);
  return {
    seed,
    client: { email: client!.email, visibleLogs },
    projectId: project!.id,
    projectLogs,
    deepCursor: encodeCursor(last!),
    spreadCursors: (
      await db
        .select({ createdAt: dailyLogs.createdAt, id: dailyLogs.id })
        .from(dailyLogs)
        .where(
          sql`abs(hashtext(${dailyLogs.id}::text)) % ${Math.floor((SEED.logs / SPREAD_PAGES) * 0.8)} = 0`,
        )
        .limit(SPREAD_PAGES)
    ).map((key) => encodeCursor(key)),
  };
}

async function checkAnswers(
  origin: string,
  steps: readonly Step[],
  headers: Record<Persona, Record<string, string>>,
  fixture: LogsFixture,
) {
  const get = <T>(id: string) => {
    const step = steps.find((candidate) => candidate.id === id)!;
    return fetchJson<T>(`${origin}${step.path!}`, { headers: headers[step.as!] });
  };
  const first = await get<LogListAnswer>('logs-first');
  check(first.dailyLogs.length === PAGE_SIZE, `first page has ${first.dailyLogs.length} logs`);
  check(first.pagination.totalItems === SEED.logs, `first page counts ${first.pagination.totalItems} logs`);
  check(
    first.dailyLogs.every((log) => log.replies.length > 0),
    'a log of the first page came without its replies',
  );
  const client = await get<LogListAnswer>('logs-client');
  check(
    client.pagination.totalItems === fixture.client.visibleLogs &&
      client.dailyLogs.every((log) => log.isClientVisible),
    `client sees ${client.pagination.totalItems} logs, expected ${fixture.client.visibleLogs} client-visible`,
  );
  const project = await get<LogListAnswer>('logs-project');
  check(project.pagination.totalItems === fixture.projectLogs, 'project filter counts the wrong logs');
  const deep = await get<LogListAnswer>('logs-deep');
  check(fixture.spreadCursors.length === SPREAD_PAGES, `only ${fixture.spreadCursors.length} spread pages`);
  check(deep.dailyLogs.length === PAGE_SIZE, `deep page has ${deep.dailyLogs.length} logs`);
  const media = await get<{ media: unknown[] }>('media-first');
  check(media.media.length === MEDIA_PAGE_SIZE, `media page has ${media.media.length} items`);
}

async function benchDatabase(
  kind: DatabaseKind,
  load: LoadGenerator,
  people: { password: string; passwordHash: string },
) {
  const admin = benchAdmin();
  console.log(`\n== ${kind}: seeding, then starting the server`);
  const trowel = await startTrowel(kind, { admin, prepare: (db) => prepareLogs(db, people.passwordHash) });
  const sampler = startRssSampler(trowel.pid);
  const bare = await startBareServer();
  try {
    const fixture = trowel.prepared;
    console.log(
      `${trowel.location}: seeded ${JSON.stringify(fixture.seed.rows)} in ${Math.round(fixture.seed.milliseconds)} ms; ` +
        `the client may see ${fixture.client.visibleLogs} logs`,
    );
    const headers: Record<Persona, Record<string, string>> = {
      admin: await signIn(trowel.origin, admin),
      client: await signIn(trowel.origin, { email: fixture.client.email, password: people.password }),
    };
    const logs = (params: string) => `/api/daily-logs?limit=${PAGE_SIZE}&${params}`;
    const steps: Step[] = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', path: null, as: null },
      { id: 'logs-first', label: `daily logs page 1 of ${PAGE_SIZE}`, path: logs('page=1'), as: 'admin' },
      { id: 'logs-client', label: 'daily logs page 1, client', path: logs('page=1'), as: 'client' },
      {
        id: 'logs-project',
        label: 'daily logs page 1, one project',
        path: logs(`page=1&projectId=${fixture.projectId}`),
        as: 'admin',
      },
      {
        id: 'logs-deep',
        label: `daily logs page ${DEEP_PAGE}, cursor`,
        path: logs(`page=${DEEP_PAGE}&cursor=${encodeURIComponent(fixture.deepCursor)}`),
        as: 'admin',
      },
      {
        id: 'logs-spread',
        label: `daily logs, ${SPREAD_PAGES} pages at random (not kept)`,
        path: logs(`page=2&cursor=${encodeURIComponent(fixture.spreadCursors[0]!)}`),
        paths: fixture.spreadCursors.map((cursor) => logs(`page=2&cursor=${encodeURIComponent(cursor)}`)),
        as: 'admin',
      },
      {
        id: 'media-first',
        label: `media page 1 of ${MEDIA_PAGE_SIZE}`,
        path: `/api/media?page=1&limit=${MEDIA_PAGE_SIZE}`,
        as: 'admin',
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', path: null, as: null },
    ];
    await checkAnswers(trowel.origin, steps, headers, fixture);

    const calm = await waitForQuietMachine(QUIET_WAIT_SECONDS * 1000);
    console.log(`machine CPU in use before the runs (other work): ${calm.busyPercent ?? '?'}% of one core`);
    const idleMb = processMemory(trowel.pid)?.rssMb ?? null;
    const measured = [];
    for (const step of steps) {
      const url = step.path ? `${trowel.origin}${step.path}` : bare.url;
      const run = await measure(
        load,
        trowel,
        SETTINGS,
        `${kind} ${step.label}`,
        url,
        step.as ? headers[step.as] : undefined,
        step.path ? trowel.pid : bare.pid,
        step.paths,
      );
      measured.push({ step, run });
      console.log(
        `  ${step.label}: p50 ${run.summary.latencyMs.p50} ms, p99 ${run.summary.latencyMs.p99} ms`,
      );
    }
    const baseline: Baseline = baselineOf(
      measured.filter(({ step }) => step.path === null).map(({ run }) => run.summary.requestsPerSecond),
    );
    const endpoints: Array<EndpointResult & { maxRssMb: number }> = measured.map(({ step, run }) => ({
      ...endpointResult(step.id, step.label, run, baseline),
      maxRssMb: sampler.max(run.startedAtMs, run.endedAtMs),
    }));
    const first = endpoints.find((endpoint) => endpoint.id === 'logs-first')!;
    const targets: TargetResult[] = [first, endpoints.find((endpoint) => endpoint.id === 'logs-spread')!].map(
      (endpoint) =>
        latencyTarget(endpoint.label, endpoint.latencyMs.p99, LIST_P99_MS, {
          requestsPerSecond: baseline.baselineRequestsPerSecond,
          inFlight: SETTINGS.connections,
        }),
    );
    console.log(
      `\n${databaseName(kind)}: ${SETTINGS.connections} connections, ${SETTINGS.durationSeconds} s per endpoint`,
    );
    console.log(
      endpointTable(endpoints, [
        { column: { title: 'max RSS MB', align: 'right' }, cell: (endpoint) => endpoint.maxRssMb.toFixed(0) },
      ]),
    );
    console.log(baselineLine(baseline));
    console.log(`server RSS idle ${idleMb?.toFixed(0) ?? '?'} MB, max ${sampler.max().toFixed(0)} MB`);
    printTargets(kind, targets);
    return {
      database: kind,
      location: trowel.location,
      backgroundCpuPercent: calm.busyPercent,
      seed: fixture.seed,
      memory: { idleMb, maxMb: sampler.max() },
      ...baseline,
      endpoints,
      targets,
    };
  } finally {
    sampler.stop();
    await bare.stop();
    await trowel.stop();
  }
}

async function main() {
  console.log('Trowel load benchmark: daily-log feed and media list against a bare Fastify route');
  console.log(
    `Machine: ${os.cpus().length} CPU core(s), Node ${process.version}; load generator, servers and ` +
      'PostgreSQL share them, so compare ratios.',
  );
  const databases = (process.env.BENCH_DATABASES ?? 'postgres')
    .split(',')
    .filter((kind): kind is DatabaseKind => kind === 'postgres' || kind === 'pglite');
  cleanUpOnInterrupt();
  const password = randomBytes(12).toString('base64url');
  const people = { password, passwordHash: await hashPassword(password) };
  const load = startLoadGenerator();
  cleanups.add(load.stop);
  const results = [];
  try {
    for (const kind of databases) results.push(await benchDatabase(kind, load, people));
  } finally {
    await load.stop();
    cleanups.delete(load.stop);
  }
  await writeResults(RESULTS_FILE, {
    benchmark: 'daily-logs',
    generatedAt: new Date().toISOString(),
    environment: machineFacts(),
    source: REVISION,
    settings: {
      ...SETTINGS,
      projects: PROJECTS,
      people: PEOPLE,
      ...SEED,
      pageSize: PAGE_SIZE,
      deepPage: DEEP_PAGE,
    },
    databases: results,
  });
}

main().catch((error: unknown) => {
  console.error(
    `\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
