// Budgets benchmark, on PostgreSQL. `npm run bench:budgets -w @trowel/bench`
//
// 100,000 budgets (two lines and a history row each) over 10,000 projects:
// 1. GET /api/budgets page 1 and GET /api/budgets/project/{id} (spread over every project) at 50
//    connections, against a bare Fastify route measured in the same run.
// 2. 200 concurrent POST /api/budgets/{id}/approve on 100 budgets pending the administrator (two
//    calls each), sent at once on open connections (lib/burst.ts): exactly 100 transitions (100
//    answered 200, 100 answered 409, 100 history rows), with the CPU each process used meanwhile.
//    Five such bursts (BENCH_BURSTS), each on budgets of its own, a second apart.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@trowel/server/src/db/client.ts';
import type { Db } from '@trowel/server/src/db/client.ts';
import { startBareServer } from './lib/bare.ts';
import { burstClient, type BurstClient, type BurstRequest } from './lib/burst.ts';
import { cleanUpOnInterrupt } from './lib/cleanup.ts';
import { cpuSnapshot, cpuUse } from './lib/cpu.ts';
import { startLoadGenerator } from './lib/load.ts';
import {
  BenchError,
  fetchJson,
  loadSettings,
  machineFacts,
  printTargets,
  resultsFile,
  type TargetResult,
  serverEnvFrom,
  signIn,
  sourceRevision,
  writeResults,
} from './lib/measure.ts';
import { seedUsers, unknownPasswordHash } from './lib/seed.ts';
import { rowsOf, seedBudgets } from './lib/budgets-seed.ts';
import { latencyTarget } from './lib/latency-targets.ts';
import { endpointOf, measurePlan, type PlanStep } from './lib/plan.ts';
import { openRecordingDatabase, type QueryPlan } from './lib/explain.ts';
import { budgetsRepository } from '@trowel/server/src/modules/budgets/budgets.repository.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const PROJECTS = 10_000;
const BUDGETS = 100_000;
const RACED_BUDGETS = 100;
/** Bursts of approvals, each on budgets of its own (BENCH_BURSTS): one burst's p99 swings with the machine. */
const BURSTS = Number(process.env.BENCH_BURSTS ?? 5);
/**
 * Bursts before those (BENCH_WARMUP_BURSTS), reported but not judged: until the approval path has run
 * a few thousand times, V8 is still compiling it, on the same two cores.
 */
const WARMUP_BURSTS = Number(process.env.BENCH_WARMUP_BURSTS ?? 5);
/** Approved one after another first, for the latency of one approval with nothing else waiting. */
const SINGLE_APPROVALS = 20;
const RESULTS_FILE = resultsFile('latest-budgets.json');
/** BENCH_ONLY=approvals (or list, project) runs those parts only; the bare route runs with any read. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((id) => id.trim());
/** Server settings to try (RUN_WORKER=false, JOB_CONCURRENCY=1, ...), as BENCH_SERVER_ENV=A=1,B=2. */
const SERVER_ENV = serverEnvFrom('BENCH_SERVER_ENV');
const runs = (id: 'list' | 'project' | 'approvals') => !ONLY || ONLY.includes(id);

/** The bench's data; the newest budgets wait on the administrator, split into the approvals' bursts. */
async function seed(db: Db) {
  const { pendingIds, seedMs } = await seedBudgets(db, {
    projects: PROJECTS,
    budgets: BUDGETS,
    pendingAdmin: RACED_BUDGETS * (WARMUP_BURSTS + BURSTS) + SINGLE_APPROVALS,
  });
  return {
    racedIds: Array.from({ length: WARMUP_BURSTS + BURSTS }, (_, burst) =>
      pendingIds.slice(burst * RACED_BUDGETS, (burst + 1) * RACED_BUDGETS),
    ),
    singleIds: pendingIds.slice(RACED_BUDGETS * (WARMUP_BURSTS + BURSTS)),
    seedMs,
  };
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;

type Trowel = Awaited<ReturnType<typeof startTrowel<Awaited<ReturnType<typeof seed>>>>>;

/** A project's budgets reach at least this share of the bare route's rate (issue 30). */
const PROJECT_PAGE_MIN_RATIO = 0.15;

/**
 * 1. Reads against the bare route: page 1 of every budget, and each project's budgets at random.
 * Beside them, the floor: the bare server writing a project's real page per request with the same
 * serializer, without reading it or building it (bare-server.ts), what any route answering it costs.
 */
async function measureReads(trowel: Trowel, auth: Record<string, string>, database: Db) {
  const bare = await startBareServer();
  const load = startLoadGenerator();
  try {
    const projectIds = (await rowsOf<{ id: string }>(database, sql`select id from projects`)).map(
      (row) => row.id,
    );
    const firstReads = runs('project')
      ? await readEveryProjectOnce(trowel, auth, projectIds, database)
      : null;
    const projectUrl = `${trowel.origin}/api/budgets/project/${projectIds[0]}`;
    const floorUrl = await bare.serveAnswer('budgetList', await fetchJson(projectUrl, { headers: auth }));
    const plan: PlanStep[] = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', url: bare.url, pid: bare.pid },
      {
        id: 'list',
        label: 'GET /api/budgets (page 1)',
        url: `${trowel.origin}/api/budgets`,
        pid: trowel.pid,
        headers: auth,
      },
      {
        id: 'project',
        label: 'GET /api/budgets/project/{id}',
        url: projectUrl,
        pid: trowel.pid,
        headers: auth,
        paths: projectIds.map((id) => `/api/budgets/project/${id}`),
      },
      {
        id: 'project-floor',
        label: "floor: bare Fastify writing a project's page",
        url: floorUrl,
        pid: bare.pid,
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const { endpoints, baseline } = await measurePlan(
      load,
      trowel,
      SETTINGS,
      plan.filter(
        (step) =>
          step.id.startsWith('bare') ||
          runs(step.id === 'project-floor' ? 'project' : (step.id as 'list' | 'project')),
      ),
    );
    const bareAtLoad = {
      requestsPerSecond: baseline.baselineRequestsPerSecond,
      inFlight: SETTINGS.connections,
    };
    const targets: TargetResult[] = (['list', 'project'] as const)
      .filter((id) => runs(id))
      .map((id) => {
        const endpoint = endpointOf(endpoints, id);
        return latencyTarget(endpoint.label, endpoint.latencyMs.p99, 50, bareAtLoad);
      });
    if (runs('project')) {
      const project = endpointOf(endpoints, 'project');
      const floor = endpointOf(endpoints, 'project-floor');
      targets.push({
        target: `${project.label}: >= ${PROJECT_PAGE_MIN_RATIO} x bare`,
        actual:
          `${project.ratioToBare.toFixed(3)} x bare; the floor (the same page written by a bare route) ` +
          `${floor.ratioToBare.toFixed(3)} x bare, the page ${Math.round((100 * project.requestsPerSecond) / floor.requestsPerSecond)} % of it`,
        pass: project.ratioToBare >= PROJECT_PAGE_MIN_RATIO,
      });
    }
    return { endpoints, ...baseline, targets, firstReads };
  } finally {
    await load.stop();
    await bare.stop();
  }
}

/**
 * Each project's page read once, before the reads are measured, by 20 readers at a time: a budget's
 * answer is built and kept by the first page that shows it (the budget_answers table), and so is the
 * page's text (budget_pages), so the measured reads find kept pages, as a server in use does for every
 * page whose budgets have not changed since it was last shown. The kept rows are then vacuumed, as the
 * seeded tables are.
 */
async function readEveryProjectOnce(
  trowel: Trowel,
  auth: Record<string, string>,
  projectIds: readonly string[],
  database: Db,
) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < projectIds.length) {
        const id = projectIds[next++]!;
        await fetchJson(`${trowel.origin}/api/budgets/project/${id}`, { headers: auth });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // As the seed does for its rows: autovacuum would otherwise set the new rows' visibility during the reads.
  await database.execute(sql`vacuum analyze budget_answers`);
  await database.execute(sql`vacuum analyze budget_pages`);
  // And their pages written out now, not by the checkpointer while the reads are measured.
  await database.execute(sql`checkpoint`);
  const [kept] = await rowsOf<{ count: number; pages: number }>(
    database,
    sql`select (select count(*) from budget_answers)::int as count, (select count(*) from budget_pages)::int as pages`,
  );
  const result = {
    projects: projectIds.length,
    seconds: Math.round(seconds * 10) / 10,
    requestsPerSecond: Math.round(projectIds.length / seconds),
    keptAnswers: kept!.count,
    keptPages: kept!.pages,
  };
  console.log(
    `first read of every project's page (answers built and kept): ${result.projects} pages in ${result.seconds} s, ` +
      `${result.requestsPerSecond} req/s, ${result.keptAnswers} answers and ${result.keptPages} pages kept`,
  );
  return result;
}

/** The bare route's rate alone, when no read was measured beside it (BENCH_ONLY=approvals). */
async function bareRate(trowel: Trowel) {
  const bare = await startBareServer();
  const load = startLoadGenerator();
  try {
    const plan = [{ id: 'bare', label: 'bare Fastify GET /bare', url: bare.url, pid: bare.pid }];
    return (await measurePlan(load, trowel, SETTINGS, plan)).baseline.baselineRequestsPerSecond;
  } finally {
    await load.stop();
    await bare.stop();
  }
}

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((x, y) => x - y),
    0.5,
  );

/** One burst: two concurrent approvals of each budget, sent at once on open connections. */
async function approvalBurst(
  trowel: Trowel,
  database: Db,
  client: BurstClient,
  approval: (id: string) => BurstRequest,
  ids: readonly string[],
) {
  const calls = ids.flatMap((id) => [id, id]);
  await client.warm(calls.length);
  const subjects = {
    serverPid: trowel.pid,
    loadPid: process.pid,
    databasePids: await trowel.databasePids(),
  };
  const before = cpuSnapshot(subjects);
  const outcomes = await client.send(calls.map(approval));
  const cpu = cpuUse(before, cpuSnapshot({ ...subjects, databasePids: await trowel.databasePids() }));
  const wallMs = Math.round(performance.now() - before.atMs);
  const statuses: Record<string, number> = {};
  for (const outcome of outcomes) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
  const latencies = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const raced = `{${ids.join(',')}}`;
  const [{ transitions = 0 } = {}] = await rowsOf<{ transitions: number }>(
    database,
    sql`select count(*)::int as transitions from status_history
      where workflow = 'budget' and action = 'approve' and entity_id = any(${raced}::uuid[])`,
  );
  const [{ approved = 0 } = {}] = await rowsOf<{ approved: number }>(
    database,
    sql`select count(*)::int as approved from budgets where status = 'approved' and id = any(${raced}::uuid[])`,
  );
  const burst = {
    calls: calls.length,
    statuses,
    transitions,
    approved,
    wallMs,
    /** Percent of one core over the burst: the server, PostgreSQL, the benchmark sending the calls, the rest. */
    cpu: { server: cpu.server, database: cpu.database, client: cpu.loadGenerator, other: cpu.other },
    latencyMs: {
      p50: Math.round(percentile(latencies, 0.5)),
      p99: Math.round(percentile(latencies, 0.99)),
      max: Math.round(latencies.at(-1) ?? 0),
    },
  };
  console.log(
    `${calls.length} concurrent approvals on ${ids.length} budgets: ${JSON.stringify(statuses)}, ` +
      `${transitions} transitions written, ${approved} approved; p50 ${burst.latencyMs.p50} ms, p99 ${burst.latencyMs.p99} ms; ` +
      `all answered in ${wallMs} ms, CPU (% of a core) ${JSON.stringify(burst.cpu)}`,
  );
  return burst;
}

/**
 * The floor of a burst: the same 200 POSTs, with the same headers and body, sent at once on open
 * connections to a bare route that answers each with an approved budget's answer, serialized and
 * compressed per request as the server does (a little more than a real burst writes: its 100
 * refusals are shorter). What HTTP, the sockets and the client cost a burst on this machine, without
 * reading, rules or writing; warmed up and judged as the approvals' bursts are.
 */
async function floorBursts(answer: unknown, request: BurstRequest, judged: number) {
  const bare = await startBareServer();
  const client = burstClient(new URL(bare.url).origin);
  try {
    const path = new URL(await bare.serveAnswer('budget', answer)).pathname;
    const calls = Array.from({ length: RACED_BUDGETS * 2 }, () => ({ ...request, path }));
    const p99s: number[] = [];
    for (let index = 0; index < WARMUP_BURSTS + judged; index++) {
      await sleep(1000);
      await client.warm(calls.length);
      const outcomes = await client.send(calls);
      if (outcomes.some((outcome) => outcome.status !== 200))
        throw new BenchError('the bare route refused a call of a floor burst');
      const latencies = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
      if (index >= WARMUP_BURSTS) p99s.push(Math.round(percentile(latencies, 0.99)));
    }
    return p99s;
  } finally {
    client.close();
    await bare.stop();
  }
}

/**
 * 2. Approvals one at a time, then bursts of 200 concurrent approvals on 100 budgets each, on open
 * connections, a second apart; then the same bursts against a bare route (`floorBursts`).
 */
async function measureApprovals(
  trowel: Trowel,
  auth: Record<string, string>,
  database: Db,
  bareRequestsPerSecond: number,
) {
  const { racedIds, singleIds } = trowel.prepared;
  const client = burstClient(trowel.origin);
  const approval = (id: string): BurstRequest => ({
    method: 'POST',
    path: `/api/budgets/${id}/approve`,
    headers: auth,
    body: '{}',
  });
  const single: number[] = [];
  for (const id of singleIds) {
    const [outcome] = await client.send([approval(id)]);
    if (outcome!.status !== 200) throw new BenchError(`a single approval answered ${outcome!.status}`);
    single.push(outcome!.ms);
  }
  single.sort((a, b) => a - b);
  const singleMs = { p50: Math.round(percentile(single, 0.5)), max: Math.round(single.at(-1) ?? 0) };
  console.log(`${SINGLE_APPROVALS} approvals one at a time: p50 ${singleMs.p50} ms, max ${singleMs.max} ms`);
  const all = [];
  for (const [index, ids] of racedIds.entries()) {
    await sleep(1000);
    if (index === WARMUP_BURSTS)
      console.log('(the bursts above warmed the server up; those below are judged)');
    all.push(await approvalBurst(trowel, database, client, approval, ids));
  }
  client.close();
  const warmup = all.slice(0, WARMUP_BURSTS);
  const bursts = all.slice(WARMUP_BURSTS);
  const p99s = bursts.map((burst) => burst.latencyMs.p99);
  const race = {
    singleApprovalMs: singleMs,
    warmupP99Ms: warmup.map((burst) => burst.latencyMs.p99),
    bursts,
    medianP99Ms: median(p99s),
    worstP99Ms: Math.max(...p99s),
  };
  console.log(`p99 of the ${bursts.length} bursts: ${p99s.join(', ')} ms (median ${race.medianP99Ms} ms)`);
  const approved = await fetchJson(`${trowel.origin}/api/budgets/${racedIds.at(-1)![0]}`, { headers: auth });
  const floorP99s = await floorBursts(approved, approval(racedIds.at(-1)![0]!), bursts.length);
  const floor = { p99sMs: floorP99s, medianP99Ms: median(floorP99s) };
  console.log(
    `floor: a bare route answering the same bursts (200 POSTs, each an approved budget's answer): p99s ` +
      `${floorP99s.join(', ')} ms (median ${floor.medianP99Ms} ms); the judged bursts' median ` +
      `${(race.medianP99Ms / floor.medianP99Ms).toFixed(1)} x it`,
  );
  const exact = all.every(
    (burst) =>
      burst.transitions === RACED_BUDGETS &&
      burst.statuses['200'] === RACED_BUDGETS &&
      burst.statuses['409'] === RACED_BUDGETS,
  );
  const targets = [
    {
      target: '200 concurrent approvals on 100 budgets: exactly 100 transitions (every burst)',
      actual: all
        .map(
          (burst) =>
            `${burst.transitions} (${burst.statuses['200'] ?? 0} x 200, ${burst.statuses['409'] ?? 0} x 409)`,
        )
        .join('; '),
      pass: exact,
    },
    latencyTarget(
      `approvals, worst of ${bursts.length} judged bursts (p99s ${p99s.join(', ')} ms)`,
      race.worstP99Ms,
      100,
      { requestsPerSecond: bareRequestsPerSecond, inFlight: RACED_BUDGETS * 2 },
    ),
  ];
  return { race: { ...race, floor }, targets };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of what a project's page and a burst's read run, as the server runs them:
 * the repository's own statements, captured through a recording handle, explained as prepared (the
 * server prepares both once per connection, so PostgreSQL runs their generic plans).
 */
async function explainStatements(databaseUrl: string, adminEmail: string, pendingIds: readonly string[]) {
  const recording = openRecordingDatabase(databaseUrl);
  try {
    const [admin] = await rowsOf<{ id: string }>(
      recording.db,
      sql`select id from users where email = ${adminEmail}`,
    );
    const [project] = await rowsOf<{ project_id: string }>(
      recording.db,
      sql`select project_id from budgets group by project_id order by project_id limit 1`,
    );
    const actor = { id: admin!.id, role: 'admin' as const };
    const steps = [
      [
        "a project's budgets, page 1",
        (db: Db) =>
          budgetsRepository(db).projectPage(
            actor,
            { projectId: project!.project_id },
            { offset: 0, limit: 10 },
            { format: 'explain', links: 'explain' },
          ),
      ],
      [
        `a burst's read of ${RACED_BUDGETS} budgets`,
        (db: Db) => Promise.all(pendingIds.slice(0, RACED_BUDGETS).map(budgetsRepository(db).findWithParts)),
      ],
    ] as const;
    const plans: Array<QueryPlan & { label: string }> = [];
    for (const [label, work] of steps) {
      for (const query of await recording.capture(work))
        plans.push({ label, ...(await recording.explainPrepared(query, 5)) });
    }
    for (const plan of plans)
      console.log(
        `${plan.label}: execution ${plan.executionMs} ms, ${plan.buffers} buffers (generic plan, planning ${plan.planningMs} ms)`,
      );
    return plans;
  } finally {
    await recording.close();
  }
}

async function main() {
  cleanUpOnInterrupt();
  const admin = benchAdmin();
  const passwordHash = await unknownPasswordHash();
  const trowel = await startTrowel('postgres', {
    admin,
    env: SERVER_ENV,
    async prepare(db) {
      await seedUsers(db, 40, passwordHash, {
        roles: Array.from({ length: 40 }, (_, index) => (index % 2 ? 'accountant' : 'project_lead')),
      });
      return seed(db);
    },
  });
  const database = await openDatabase({ databaseUrl: trowel.databaseUrl! });
  try {
    console.log(
      `Trowel budgets benchmark on PostgreSQL: ${BUDGETS} budgets over ${PROJECTS} projects seeded in ${Math.round(trowel.prepared.seedMs)} ms`,
    );
    const auth = await signIn(trowel.origin, admin);
    const first = await fetchJson<{ pagination: { totalItems: number } }>(`${trowel.origin}/api/budgets`, {
      headers: auth,
    });
    if (first.pagination.totalItems !== BUDGETS)
      throw new BenchError(`listed ${first.pagination.totalItems} budgets`);
    const plans = await explainStatements(trowel.databaseUrl!, admin.email, trowel.prepared.racedIds.at(-1)!);
    const reads = runs('list') || runs('project') ? await measureReads(trowel, auth, database.db) : null;
    const approvals = runs('approvals')
      ? await measureApprovals(
          trowel,
          auth,
          database.db,
          reads?.baselineRequestsPerSecond ?? (await bareRate(trowel)),
        )
      : null;
    const targets = [...(reads?.targets ?? []), ...(approvals?.targets ?? [])];
    printTargets('postgres', targets);
    await writeResults(RESULTS_FILE, {
      benchmark: 'budgets',
      generatedAt: new Date().toISOString(),
      source: sourceRevision(),
      environment: machineFacts(),
      settings: {
        ...SETTINGS,
        projects: PROJECTS,
        budgets: BUDGETS,
        racedBudgets: RACED_BUDGETS,
        bursts: BURSTS,
        warmupBursts: WARMUP_BURSTS,
        singleApprovals: SINGLE_APPROVALS,
        only: ONLY ?? null,
        serverEnv: SERVER_ENV,
      },
      ...(reads
        ? {
            baselineRequestsPerSecond: reads.baselineRequestsPerSecond,
            baselineDrift: reads.baselineDrift,
            endpoints: reads.endpoints,
            firstReads: reads.firstReads,
          }
        : {}),
      ...(approvals ? { race: approvals.race } : {}),
      plans,
      targets,
    });
  } finally {
    await database.close();
    await trowel.stop();
  }
}

main().catch((error: unknown) => {
  console.error(
    `\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
