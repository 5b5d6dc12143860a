// Load benchmark of the project list (first, deep, filtered and searched pages), the dashboard statistics
// and a long notification feed on 100,000 projects, on PostgreSQL and on PGlite, against a bare Fastify
// route measured in the same run, with the server's resident memory sampled throughout and, on
// PostgreSQL, EXPLAIN (ANALYZE, BUFFERS) of the statements each endpoint runs.
// `npm run bench:projects -w @trowel/bench`
//
// Processes: this process seeds the database through its own connection, then starts the server under
// test as a process of its own, as `npm start` starts it (lib/trowel.ts); the memory figures are that
// process's, read from /proc. The bare route runs in another process of its own (lib/bare.ts), so each
// ratio compares two processes that do nothing but serve, and the CPU "server" column is the process
// serving that row. Autocannon runs in a third (lib/load.ts). The statements behind each endpoint are
// captured by running the route's service functions once more here, against the same database through
// a recording handle (the server process cannot be observed from outside without pg_stat_statements).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { createContext, type AppContext } from '@trowel/server/src/context.ts';
import { MODULES } from '@trowel/server/src/modules.ts';
import type { Db } from '@trowel/server/src/db/client.ts';
import { notificationRecipients, projects, users, type UserRow } from '@trowel/server/src/db/schema.ts';
import type { AuthUser } from '@trowel/server/src/http/access.ts';
import { hashPassword } from '@trowel/server/src/lib/password.ts';
import { encodeCursor } from '@trowel/server/src/db/keyset-cursor.ts';
import {
  DASHBOARD_ACTIVE_LIMIT,
  dashboardStats,
  listProjects,
} from '@trowel/server/src/modules/projects/projects.service.ts';
import { localStorage } from '@trowel/server/src/storage/local-storage.ts';
import { listProjectsQuery } from '@trowel/shared/projects/project.schemas.ts';
import { startBareServer } from './lib/bare.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { waitForQuietMachine } from './lib/cpu.ts';
import {
  asServerDatabase,
  openRecordingDatabase,
  type CapturedQuery,
  type QueryPlan,
} from './lib/explain.ts';
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
  sourceRevision,
  writeResults,
  type Baseline,
  type EndpointResult,
  type MeasuredRun,
  type TargetResult,
} from './lib/measure.ts';
import { peakRssMb, processMemory, resetPeakRss, startRssSampler, type RssSample } from './lib/memory.ts';
import {
  PHASES_PER_PROJECT,
  TASKS_PER_PHASE,
  projectPeopleRoles,
  seedProjects,
  type ProjectSeedReport,
} from './lib/projects-seed.ts';
import { latencyTarget } from './lib/latency-targets.ts';
import { seedUsers, type SeedReport } from './lib/seed.ts';
import { formatTable } from './lib/table.ts';
import { benchAdmin, startTrowel, type DatabaseKind, type TrowelUnderTest } from './lib/trowel.ts';

// PGlite serves one statement at a time: at 50 connections its slowest endpoints queue for seconds.
const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const PROJECTS = 100_000;
const PROJECTS_WITH_PHASES = 1_000;
const NOTIFICATIONS = 10_000;
const PEOPLE = { clients: 10, leads: 100, teamMembers: 200 };
const PAGE_SIZE = 12;
const DEEP_PAGE = 5_000;
/**
 * Pages at this many places in the list (or searches for this many project numbers), requested at
 * random: more than the server keeps (300 pages), so nearly every answer is built from the database.
 */
const SPREAD = 3_000;
const FEED_PAGE_SIZE = 20;
/** BENCH_ONLY=list-first,notifications runs those endpoints only (and the bare route). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((id) => id.trim());
/** Before each database's runs, wait up to this long for other work on the machine to calm down. */
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120);
/** BENCH_EXPLAIN=0 skips the query plans. */
const EXPLAIN = process.env.BENCH_EXPLAIN !== '0';
const RESULTS_FILE = resultsFile('latest-projects.json');
/** Read before anything runs: the modules loaded at start are the ones measured. */
const REVISION = sourceRevision();

const LIST_P99_MS = 50;
const DEEP_P99_FACTOR = 1.25;
const DASHBOARD_P50_MS = 20;
const RSS_LIMIT_MB = 300;

type EndpointId =
  | 'bare-before'
  | 'list-first'
  | 'list-deep-cursor'
  | 'list-deep-offset'
  | 'list-status'
  | 'list-search'
  | 'list-spread'
  | 'list-search-spread'
  | 'dashboard-admin'
  | 'dashboard-client'
  | 'notifications'
  | 'bare-after';

type Persona = 'admin' | 'client' | 'notified';

interface ProjectEndpointResult extends EndpointResult<EndpointId> {
  path: string | null;
  signedInAs: Persona | null;
  /** Highest RSS of the server process sampled during the measured run. */
  maxRssMb: number;
  settleMs: MeasuredRun['settleMs'];
}

/** Resident memory of the server process (not this one), from /proc/<pid>/status. */
interface MemoryReport {
  /** RSS once GET /api/health first answered (the data was seeded before the server started). */
  startedMb: number | null;
  /** RSS just before the first warm-up, after the sign-ins and the answer checks. */
  idleMb: number | null;
  /** The kernel's high-water mark from the start of the process to just before the first warm-up. */
  peakBeforeRunsMb: number | null;
  /** From the first to the last measured run (warm-ups included): sampled, and the kernel's high-water mark. */
  servingSampledMaxMb: number;
  servingKernelPeakMb: number | null;
  /** The larger of the two; the RSS target applies to it. */
  servingMaxMb: number;
  /** The highest sampled RSS during the runs, split into anonymous memory (heap, wasm), mapped files and shared memory. */
  atServingPeak: RssSample | null;
  samples: number;
}

interface StatementPlan extends QueryPlan {
  /** Run by every request, or only when the server's cache of totals misses (first request, then every 30 s or after a change). */
  runs: 'every request' | 'cache miss';
}

interface EndpointPlans {
  endpoint: EndpointId;
  label: string;
  /** Index in `statements` of the longest statement every request runs (null: none, all answered from cache). */
  dominant: number | null;
  /** Index in `statements` of the longest statement overall (a cache miss runs them all). */
  longest: number | null;
  statements: StatementPlan[];
}

interface DatabaseResult extends Baseline {
  database: DatabaseKind;
  location: string;
  /** CPU the rest of the machine used just before this database's runs, in percent of one core. */
  backgroundCpuPercent: number | null;
  seed: { users: SeedReport; projects: ProjectSeedReport; maintenance: string; maintenanceMs: number };
  deepPage: { page: number; cursor: string; after: { createdAt: string; id: string } };
  memory: MemoryReport;
  endpoints: ProjectEndpointResult[];
  targets: TargetResult[];
  queryPlans: EndpointPlans[] | null;
}

/** What this process wrote and read through its own connection before the server started. */
interface ProjectsFixture {
  usersSeed: SeedReport;
  projectsSeed: ProjectSeedReport;
  maintenance: string;
  maintenanceMs: number;
  actors: Record<Persona, AuthUser>;
  deep: { cursor: string; after: { createdAt: string; id: string } };
  /** Cursors of SPREAD pages spread over the whole list. */
  spreadCursors: string[];
  /** Figures the answers must show, counted in SQL. */
  expected: { clientActiveProjects: number; notifiedUnread: number };
}

interface Step {
  id: EndpointId;
  label: string;
  /** Path and query under the server's origin; null for the bare route. */
  path: string | null;
  as: Persona | null;
  /** Requests go to these paths at random (`path` is one of them). */
  paths?: string[];
}

interface ProjectListAnswer {
  projects: Array<{ id: string; title: string; location: string; status: string; clientId: string | null }>;
  pagination: { currentPage: number; totalItems: number; hasNext: boolean; nextCursor: string | null };
}

interface DashboardAnswer {
  stats: { activeProjectsCount: number; completedProjectsCount: number; activeProjects: unknown[] };
}

interface FeedAnswer {
  notifications: Array<{ id: string }>;
  pagination: { totalItems: number };
  unreadCount: number;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new BenchError(`wrong answer: ${message}`);
}

function listPath(params: Record<string, string | number>) {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return `/api/projects?${query.toString()}`;
}

/** The query the route hands the service for this path, parsed by the route's own schema. */
function listQuery(pathWithQuery: string) {
  return listProjectsQuery.parse(Object.fromEntries(new URL(pathWithQuery, 'http://127.0.0.1').searchParams));
}

/** The last project of page DEEP_PAGE - 1, newest first: page DEEP_PAGE starts after it. */
async function deepPageCursor(db: Db) {
  const [last] = await db
    .select({ createdAt: projects.createdAt, id: projects.id })
    .from(projects)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .offset((DEEP_PAGE - 1) * PAGE_SIZE - 1)
    .limit(1);
  if (!last) throw new BenchError(`fewer than ${(DEEP_PAGE - 1) * PAGE_SIZE} projects`);
  return { cursor: encodeCursor(last), after: { createdAt: last.createdAt.toISOString(), id: last.id } };
}

/** The first user of a role, as the server sees a signed-in user. */
async function personaOf(db: Db, role: 'admin' | 'client' | 'project_manager'): Promise<AuthUser> {
  const [row]: UserRow[] = await db
    .select()
    .from(users)
    .where(eq(users.role, role))
    .orderBy(asc(users.email))
    .limit(1);
  if (!row) throw new BenchError(`no ${role} was seeded`);
  return { id: row.id, name: row.name, email: row.email, role, sessionId: 'bench', profile: row };
}

/** Sanity checks before the load: every endpoint answers what the seeded data says it must. */
async function checkAnswers(
  trowel: TrowelUnderTest,
  steps: readonly Step[],
  headers: Record<Persona, Record<string, string>>,
  fixture: ProjectsFixture,
) {
  const { projectsSeed: seed, deep, expected } = fixture;
  check(fixture.spreadCursors.length === SPREAD, `only ${fixture.spreadCursors.length} spread cursors`);
  const get = <T>(id: EndpointId) => {
    const step = steps.find((candidate) => candidate.id === id)!;
    return fetchJson<T>(`${trowel.origin}${step.path!}`, { headers: headers[step.as!] });
  };

  const first = await get<ProjectListAnswer>('list-first');
  check(first.projects.length === PAGE_SIZE, `first page has ${first.projects.length} projects`);
  check(
    first.pagination.totalItems === PROJECTS,
    `first page counts ${first.pagination.totalItems} projects`,
  );

  // The app reaches page DEEP_PAGE by following nextCursor; the cursor computed in SQL must be that one.
  const before = await fetchJson<ProjectListAnswer>(
    `${trowel.origin}${listPath({ page: DEEP_PAGE - 1, limit: PAGE_SIZE })}`,
    { headers: headers.admin },
  );
  check(
    before.pagination.nextCursor === deep.cursor,
    `page ${DEEP_PAGE - 1} ends at ${before.pagination.nextCursor}, computed ${deep.cursor}`,
  );
  const byCursor = await get<ProjectListAnswer>('list-deep-cursor');
  const byOffset = await get<ProjectListAnswer>('list-deep-offset');
  const ids = (answer: ProjectListAnswer) => answer.projects.map((project) => project.id).join(',');
  check(byCursor.projects.length === PAGE_SIZE, `deep page has ${byCursor.projects.length} projects`);
  check(ids(byCursor) === ids(byOffset), 'the deep page differs with and without the cursor');
  check(!ids(byCursor).includes(ids(before).split(',').at(-1)!), 'the deep page repeats the previous page');

  const status = await get<ProjectListAnswer>('list-status');
  check(
    status.pagination.totalItems === seed.projectsByStatus.in_progress &&
      status.projects.every((project) => project.status === 'in_progress'),
    `status filter answered ${status.pagination.totalItems}, expected ${seed.projectsByStatus.in_progress}`,
  );
  const search = await get<ProjectListAnswer>('list-search');
  check(
    search.pagination.totalItems === seed.lekkiProjects &&
      search.projects.length === PAGE_SIZE &&
      search.projects.every((project) =>
        `${project.title} ${project.location}`.toLowerCase().includes('lekki'),
      ),
    `search answered ${search.pagination.totalItems}, expected ${seed.lekkiProjects}`,
  );

  const adminStats = await get<DashboardAnswer>('dashboard-admin');
  check(
    adminStats.stats.activeProjectsCount === seed.projectsByStatus.in_progress &&
      adminStats.stats.activeProjects.length === DASHBOARD_ACTIVE_LIMIT,
    `admin dashboard counts ${adminStats.stats.activeProjectsCount} active projects`,
  );
  const clientStats = await get<DashboardAnswer>('dashboard-client');
  check(
    clientStats.stats.activeProjectsCount === expected.clientActiveProjects &&
      expected.clientActiveProjects > 0,
    `client dashboard counts ${clientStats.stats.activeProjectsCount} active projects, expected ${expected.clientActiveProjects}`,
  );

  const feed = await get<FeedAnswer>('notifications');
  check(
    feed.pagination.totalItems === NOTIFICATIONS &&
      feed.notifications.length === FEED_PAGE_SIZE &&
      feed.unreadCount === expected.notifiedUnread,
    `feed answered ${feed.pagination.totalItems} notifications (${feed.unreadCount} unread), ` +
      `expected ${NOTIFICATIONS} (${expected.notifiedUnread} unread)`,
  );
}

/**
 * The statements behind each endpoint, captured in this process, not the server's: the route's own
 * service runs here on a fresh context built from the server's configuration, against the same
 * database, through a handle that records what it sends. The first call finds the cache of totals
 * empty (everything a cache miss runs), the second shows what every request runs; each statement is
 * then explained.
 */
async function explainEndpoints(
  trowel: TrowelUnderTest,
  databaseUrl: string,
  steps: readonly Step[],
  actors: Record<Persona, AuthUser>,
): Promise<EndpointPlans[]> {
  const recording = openRecordingDatabase(databaseUrl);
  const { config } = trowel;
  const storage = localStorage(path.join(config.dataDir, 'files'));
  const database = asServerDatabase(recording);
  const work = (step: Step): ((ctx: AppContext) => Promise<unknown>) | null => {
    if (!step.path || !step.as) return null;
    const actor = actors[step.as];
    const { path: stepPath } = step;
    if (step.id.startsWith('list-')) return (ctx) => listProjects(ctx, actor, listQuery(stepPath));
    if (step.id.startsWith('dashboard-')) return (ctx) => dashboardStats(ctx, actor);
    // As the route does: the feed of the signed-in user.
    if (step.id === 'notifications')
      return (ctx) => ctx.notifications.feed(actor.id, 1, FEED_PAGE_SIZE, false);
    return null;
  };
  const same = (a: CapturedQuery, b: CapturedQuery) =>
    a.sql === b.sql && JSON.stringify(a.params) === JSON.stringify(b.params);
  const longestOf = (statements: readonly StatementPlan[], runs?: StatementPlan['runs']) => {
    let best: number | null = null;
    statements.forEach((statement, index) => {
      if (runs && statement.runs !== runs) return;
      if (best === null || (statement.executionMs ?? 0) > (statements[best]?.executionMs ?? 0)) best = index;
    });
    return best;
  };
  try {
    const plans: EndpointPlans[] = [];
    for (const step of steps) {
      const run = work(step);
      if (!run) continue;
      const ctx = createContext(config, database, storage, MODULES);
      const cold = await recording.capture(() => run(ctx));
      const warm = await recording.capture(() => run(ctx));
      const statements: StatementPlan[] = [];
      for (const query of cold) {
        const runs = warm.some((again) => same(again, query)) ? 'every request' : 'cache miss';
        statements.push({ ...(await recording.explain(query)), runs });
      }
      plans.push({
        endpoint: step.id,
        label: step.label,
        dominant: longestOf(statements, 'every request'),
        longest: longestOf(statements),
        statements,
      });
    }
    return plans;
  } finally {
    await recording.close();
  }
}

/** The targets; those about an endpoint left out of the run (BENCH_ONLY) are left out too. */
function evaluateTargets(
  endpoints: readonly ProjectEndpointResult[],
  memory: MemoryReport,
  bareRequestsPerSecond: number,
): TargetResult[] {
  const targets: TargetResult[] = [];
  const of = (id: EndpointId) => endpoints.find((endpoint) => endpoint.id === id);
  const lists: EndpointId[] = [
    'list-first',
    'list-deep-cursor',
    'list-deep-offset',
    'list-status',
    'list-search',
    'list-spread',
    'list-search-spread',
    'notifications',
  ];
  for (const result of lists.map(of)) {
    if (!result) continue;
    targets.push(
      latencyTarget(result.label, result.latencyMs.p99, LIST_P99_MS, {
        requestsPerSecond: bareRequestsPerSecond,
        inFlight: SETTINGS.connections,
      }),
    );
  }
  const first = of('list-first');
  for (const result of [of('list-deep-cursor'), of('list-deep-offset')]) {
    if (!result || !first) continue;
    const ratio = result.latencyMs.p99 / first.latencyMs.p99;
    targets.push({
      target: `p99 <= ${DEEP_P99_FACTOR} x first page p99: ${result.label}`,
      actual: `${result.latencyMs.p99} ms vs ${first.latencyMs.p99} ms (${ratio.toFixed(2)}x)`,
      pass: result.latencyMs.p99 <= DEEP_P99_FACTOR * first.latencyMs.p99,
    });
  }
  for (const result of [of('dashboard-admin'), of('dashboard-client')]) {
    if (!result) continue;
    targets.push(
      latencyTarget(
        result.label,
        result.latencyMs.p50,
        DASHBOARD_P50_MS,
        { requestsPerSecond: bareRequestsPerSecond, inFlight: SETTINGS.connections },
        'median',
      ),
    );
  }
  targets.push({
    target: `server RSS < ${RSS_LIMIT_MB} MB throughout the runs`,
    actual: `max ${memory.servingMaxMb.toFixed(0)} MB`,
    pass: memory.servingMaxMb < RSS_LIMIT_MB,
  });
  return targets;
}

/**
 * Seeds the projects, their people and the notification feed through this process's own connection,
 * maintains the tables, and reads what the answers must show, all before the server starts.
 */
async function prepareProjects(
  db: Db,
  kind: DatabaseKind,
  people: { passwordHash: string },
): Promise<ProjectsFixture> {
  const roles = projectPeopleRoles(PEOPLE);
  const usersSeed = await seedUsers(db, roles.length, people.passwordHash, { roles });
  const notified = await personaOf(db, 'project_manager');
  const projectsSeed = await seedProjects(db, {
    projects: PROJECTS,
    projectsWithPhases: PROJECTS_WITH_PHASES,
    notifiedUserEmail: notified.email,
    notifications: NOTIFICATIONS,
  });
  // PostgreSQL would vacuum and analyse these tables on its own soon after such a load (autovacuum),
  // possibly in the middle of a run: do it now. PGlite has no autovacuum: analyse so it plans alike.
  const maintenance = kind === 'postgres' ? 'vacuum (analyze)' : 'analyze';
  const maintenanceStarted = performance.now();
  await db.execute(sql.raw(maintenance));
  const maintenanceMs = performance.now() - maintenanceStarted;

  const actors: Record<Persona, AuthUser> = {
    admin: await personaOf(db, 'admin'),
    client: await personaOf(db, 'client'),
    notified,
  };
  const [clientActive] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.clientId, actors.client.id), eq(projects.status, 'in_progress')));
  const [unread] = await db
    .select({ n: count() })
    .from(notificationRecipients)
    .where(and(eq(notificationRecipients.userId, notified.id), isNull(notificationRecipients.readAt)));
  return {
    usersSeed,
    projectsSeed,
    maintenance,
    maintenanceMs,
    actors,
    deep: await deepPageCursor(db),
    spreadCursors: (
      await db
        .select({ createdAt: projects.createdAt, id: projects.id })
        .from(projects)
        .where(sql`abs(hashtext(${projects.id}::text)) % ${Math.floor((PROJECTS / SPREAD) * 0.8)} = 0`)
        .limit(SPREAD)
    ).map((key) => encodeCursor(key)),
    expected: { clientActiveProjects: clientActive?.n ?? 0, notifiedUnread: unread?.n ?? 0 },
  };
}

async function benchDatabase(
  kind: DatabaseKind,
  load: LoadGenerator,
  people: { passwordHash: string; password: string },
): Promise<DatabaseResult> {
  const admin = benchAdmin();
  console.log(`\n== ${kind}: seeding, then starting the server`);
  const trowel = await startTrowel(kind, { admin, prepare: (db) => prepareProjects(db, kind, people) });
  const sampler = startRssSampler(trowel.pid);
  const bare = await startBareServer().catch(async (error: unknown) => {
    sampler.stop();
    await trowel.stop();
    throw error;
  });
  try {
    const fixture = trowel.prepared;
    const { usersSeed, projectsSeed, maintenance, maintenanceMs, actors, deep } = fixture;
    console.log(`${trowel.location}; server pid ${trowel.pid}, bare pid ${bare.pid}`);
    console.log(
      `seeded in ${Math.round(usersSeed.milliseconds + projectsSeed.milliseconds)} ms ` +
        `(${maintenance}: ${Math.round(maintenanceMs)} ms): ${usersSeed.users} users, ` +
        Object.entries(projectsSeed.rows)
          .map(([table, rows]) => `${rows} ${table}`)
          .join(', ') +
        `; by status ${JSON.stringify(projectsSeed.projectsByStatus)}; ${projectsSeed.lekkiProjects} match "lekki"`,
    );
    if (projectsSeed.rows.projects !== PROJECTS)
      throw new BenchError('seeding made the wrong number of projects');
    console.log(`server process RSS once it answered: ${trowel.startedRssMb?.toFixed(0) ?? '?'} MB`);

    const headers: Record<Persona, Record<string, string>> = {
      admin: await signIn(trowel.origin, admin),
      client: await signIn(trowel.origin, { email: actors.client.email, password: people.password }),
      notified: await signIn(trowel.origin, { email: actors.notified.email, password: people.password }),
    };

    const steps: Step[] = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', path: null, as: null },
      {
        id: 'list-first',
        label: `projects page 1 of ${PAGE_SIZE}`,
        path: listPath({ page: 1, limit: PAGE_SIZE }),
        as: 'admin',
      },
      {
        id: 'list-deep-cursor',
        label: `projects page ${DEEP_PAGE}, cursor`,
        path: listPath({ page: DEEP_PAGE, limit: PAGE_SIZE, cursor: deep.cursor }),
        as: 'admin',
      },
      {
        id: 'list-deep-offset',
        label: `projects page ${DEEP_PAGE}, no cursor`,
        path: listPath({ page: DEEP_PAGE, limit: PAGE_SIZE }),
        as: 'admin',
      },
      {
        id: 'list-status',
        label: 'projects status=in_progress',
        path: listPath({ page: 1, limit: PAGE_SIZE, status: 'in_progress' }),
        as: 'admin',
      },
      {
        id: 'list-search',
        label: 'projects search=lekki',
        path: listPath({ page: 1, limit: PAGE_SIZE, search: 'lekki' }),
        as: 'admin',
      },
      {
        id: 'list-spread',
        label: `projects, ${SPREAD} pages at random (not kept)`,
        path: listPath({ page: 2, limit: PAGE_SIZE, cursor: fixture.spreadCursors[0]! }),
        paths: fixture.spreadCursors.map((cursor) => listPath({ page: 2, limit: PAGE_SIZE, cursor })),
        as: 'admin',
      },
      {
        id: 'list-search-spread',
        label: `projects, ${SPREAD} searches at random (not kept)`,
        path: listPath({ page: 1, limit: PAGE_SIZE, search: '1' }),
        paths: Array.from({ length: SPREAD }, (_, index) =>
          listPath({ page: 1, limit: PAGE_SIZE, search: String(1 + ((index * 7919) % PROJECTS)) }),
        ),
        as: 'admin',
      },
      {
        id: 'dashboard-admin',
        label: 'dashboard-stats, admin',
        path: '/api/projects/dashboard-stats',
        as: 'admin',
      },
      {
        id: 'dashboard-client',
        label: 'dashboard-stats, client',
        path: '/api/projects/dashboard-stats',
        as: 'client',
      },
      {
        id: 'notifications',
        label: `notifications page 1 of ${FEED_PAGE_SIZE}`,
        path: `/api/notifications?page=1&limit=${FEED_PAGE_SIZE}`,
        as: 'notified',
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', path: null, as: null },
    ];
    await checkAnswers(trowel, steps, headers, fixture);
    const plan = steps.filter((step) => step.path === null || !ONLY || ONLY.includes(step.id));

    const calm = await waitForQuietMachine(QUIET_WAIT_SECONDS * 1000);
    const backgroundCpuPercent = calm.busyPercent;
    console.log(
      `machine CPU in use before the runs (other work): ${backgroundCpuPercent ?? '?'}% of one core` +
        (calm.quiet
          ? ` (after waiting ${Math.round(calm.waitedMs / 1000)} s for it to be quiet)`
          : ` (still busy after waiting ${Math.round(calm.waitedMs / 1000)} s)`),
    );

    const idleMb = processMemory(trowel.pid)?.rssMb ?? null;
    const peakBeforeRunsMb = peakRssMb(trowel.pid);
    const kernelPeakReset = resetPeakRss(trowel.pid);
    const servingStarted = performance.now();
    const measured: Array<{ step: Step; run: MeasuredRun }> = [];
    for (const step of plan) {
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
        `  ${step.label}: ${run.summary.requestsPerSecond.toFixed(0)} req/s, ` +
          `p50 ${run.summary.latencyMs.p50} ms, p99 ${run.summary.latencyMs.p99} ms; ` +
          `server idle ${Math.round(run.settleMs.afterWarmup)} ms after the warm-up, ` +
          `${Math.round(run.settleMs.afterRun)} ms after the run`,
      );
    }
    const servingEnded = performance.now();
    const servingSampledMaxMb = sampler.max(servingStarted, servingEnded);
    const servingKernelPeakMb = kernelPeakReset ? peakRssMb(trowel.pid) : null;
    const memory: MemoryReport = {
      startedMb: trowel.startedRssMb,
      idleMb,
      peakBeforeRunsMb,
      servingSampledMaxMb,
      servingKernelPeakMb,
      servingMaxMb: Math.max(servingSampledMaxMb, servingKernelPeakMb ?? 0),
      atServingPeak: sampler.peak(servingStarted, servingEnded),
      samples: sampler.samples().filter(({ atMs }) => atMs >= servingStarted && atMs <= servingEnded).length,
    };

    const baseline = baselineOf(
      measured.filter(({ step }) => step.path === null).map(({ run }) => run.summary.requestsPerSecond),
    );
    const endpoints: ProjectEndpointResult[] = measured.map(({ step, run }) => ({
      ...endpointResult(step.id, step.label, run, baseline),
      path: step.path,
      signedInAs: step.as,
      maxRssMb: sampler.max(run.startedAtMs, run.endedAtMs),
      settleMs: run.settleMs,
    }));

    let queryPlans: EndpointPlans[] | null = null;
    if (EXPLAIN && trowel.databaseUrl) {
      console.log(
        'explaining the statements behind each endpoint (EXPLAIN ANALYZE, BUFFERS), captured by running ' +
          "the routes' services in this process against the same database",
      );
      queryPlans = await explainEndpoints(trowel, trowel.databaseUrl, plan, actors);
    }

    const outcome: DatabaseResult = {
      database: kind,
      location: trowel.location,
      backgroundCpuPercent,
      seed: { users: usersSeed, projects: projectsSeed, maintenance, maintenanceMs },
      deepPage: { page: DEEP_PAGE, ...deep },
      memory,
      ...baseline,
      endpoints,
      targets: evaluateTargets(endpoints, memory, baseline.baselineRequestsPerSecond),
      queryPlans,
    };
    printDatabase(outcome);
    return outcome;
  } finally {
    sampler.stop();
    await bare.stop();
    await trowel.stop();
  }
}

/** The first line of a plan without its cost estimate: the root node and its actual time. */
function planRoot(plan: readonly string[]) {
  return (plan[0] ?? '').replace(/\s*\(cost=[^)]*\)/, '').trim();
}

function statementSummary(sqlText: string) {
  const flat = sqlText.replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
}

function printDatabase(result: DatabaseResult) {
  console.log(
    `\n${databaseName(result.database)}: ${SETTINGS.connections} connections, ${SETTINGS.durationSeconds} s ` +
      `per endpoint after ${SETTINGS.warmupSeconds} s warm-up (discarded)`,
  );
  console.log(
    endpointTable(result.endpoints, [
      { column: { title: 'max RSS MB', align: 'right' }, cell: (endpoint) => endpoint.maxRssMb.toFixed(0) },
    ]),
  );
  const few = result.endpoints.filter((endpoint) => endpoint.totalRequests < 100);
  if (few.length > 0) {
    console.log(
      `fewer than 100 requests completed for ${few.map((endpoint) => endpoint.label).join('; ')}: ` +
        'their p99 is close to the slowest request',
    );
  }
  console.log(baselineLine(result));
  const { memory } = result;
  const mb = (value: number | null | undefined) => (value == null ? '?' : `${value.toFixed(0)} MB`);
  const atPeak = memory.atServingPeak;
  console.log(
    `server process RSS (pid of the server, not this process): ${mb(memory.startedMb)} when it first ` +
      `answered, ${mb(memory.idleMb)} idle before the runs (kernel peak until then ${mb(memory.peakBeforeRunsMb)}); ` +
      `during the runs max ${mb(memory.servingSampledMaxMb)} sampled (${memory.samples} samples), kernel peak ` +
      `${memory.servingKernelPeakMb === null ? 'unavailable' : mb(memory.servingKernelPeakMb)}` +
      (atPeak
        ? `; at the sampled peak ${mb(atPeak.anonMb)} anonymous (heap, wasm), ${mb(atPeak.fileMb)} mapped ` +
          `files, ${mb(atPeak.shmemMb)} shared`
        : '') +
      (result.database === 'pglite' ? ' (PGlite: the database runs inside the server process)' : ''),
  );
  printTargets(result.database, result.targets);
  if (result.queryPlans) {
    console.log(
      '\nStatements per endpoint, EXPLAIN (ANALYZE, BUFFERS), warm; "cache miss" ones run only when the ' +
        "server's cache of totals misses (* = longest a request runs, + = longest on a miss):",
    );
    console.log(
      formatTable(
        [
          { title: 'endpoint' },
          { title: 'runs' },
          { title: 'exec ms', align: 'right' },
          { title: 'plan root (actual)' },
          { title: 'statement' },
        ],
        result.queryPlans.flatMap((endpoint) =>
          endpoint.statements.map((statement, index) => [
            `${index === endpoint.dominant ? '*' : index === endpoint.longest ? '+' : ' '} ${endpoint.label}`,
            statement.runs,
            statement.executionMs?.toFixed(2) ?? '?',
            planRoot(statement.plan),
            statementSummary(statement.sql),
          ]),
        ),
      ),
    );
  }
}

async function main() {
  const cores = os.cpus().length;
  console.log(
    'Trowel load benchmark: project list, dashboard statistics and notifications against a bare Fastify route',
  );
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
  console.log(
    `Seeding per database: ${PROJECTS} projects (${PROJECTS_WITH_PHASES} with ${PHASES_PER_PROJECT} phases of ` +
      `${TASKS_PER_PHASE} tasks), ${NOTIFICATIONS} notifications for one user; latencies have 1 ms resolution.`,
  );
  const databases = benchDatabases();
  cleanUpOnInterrupt();
  console.log(
    `Code under test: commit ${REVISION.commit ?? 'unknown'}` +
      (REVISION.uncommittedServerFiles
        ? `, ${REVISION.uncommittedServerFiles} uncommitted server file(s)`
        : ''),
  );

  const password = randomBytes(12).toString('base64url');
  const people = { password, passwordHash: await hashPassword(password) };
  const load = startLoadGenerator();
  cleanups.add(load.stop);
  const results: DatabaseResult[] = [];
  try {
    for (const kind of databases) results.push(await benchDatabase(kind, load, people));
  } finally {
    await load.stop();
    cleanups.delete(load.stop);
  }

  const report = {
    benchmark: 'projects',
    generatedAt: new Date().toISOString(),
    environment: machineFacts(),
    /** The code under test: the server is edited while benchmarks run, so figures belong to a commit. */
    source: REVISION,
    settings: {
      ...SETTINGS,
      projects: PROJECTS,
      projectsWithPhases: PROJECTS_WITH_PHASES,
      phasesPerProject: PHASES_PER_PROJECT,
      tasksPerPhase: TASKS_PER_PHASE,
      people: PEOPLE,
      notifications: NOTIFICATIONS,
      pageSize: PAGE_SIZE,
      deepPage: DEEP_PAGE,
      targets: {
        listP99Ms: LIST_P99_MS,
        deepP99FactorOfFirstPage: DEEP_P99_FACTOR,
        dashboardP50Ms: DASHBOARD_P50_MS,
        serverRssMb: RSS_LIMIT_MB,
      },
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
