// Budgets benchmark, on PostgreSQL. `npm run bench:budgets -w @trowel/bench`
//
// 100,000 budgets (two lines and a history row each) over 10,000 projects:
// 1. GET /api/budgets page 1 and GET /api/budgets/project/{id} (spread over every project) at 50
//    connections, against a bare Fastify route measured in the same run.
// 2. 200 concurrent POST /api/budgets/{id}/approve on 100 budgets pending the administrator (two
//    calls each), sent at once on open connections (lib/burst.ts): exactly 100 transitions (100
//    answered 200, 100 answered 409, 100 history rows), with the CPU each process used meanwhile.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@trowel/server/src/db/client.ts';
import type { Db } from '@trowel/server/src/db/client.ts';
import { hashPassword } from '@trowel/server/src/lib/password.ts';
import { startBareServer } from './lib/bare.ts';
import { burstClient, type BurstRequest } from './lib/burst.ts';
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
  signIn,
  sourceRevision,
  writeResults,
} from './lib/measure.ts';
import { seedUsers } from './lib/seed.ts';
import { endpointOf, measurePlan, type PlanStep } from './lib/plan.ts';
import { startTrowel } from './lib/trowel.ts';

const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const PROJECTS = 10_000;
const BUDGETS = 100_000;
const RACED_BUDGETS = 100;
/** Approved one after another first, for the latency of one approval with nothing else waiting. */
const SINGLE_APPROVALS = 20;
const RESULTS_FILE = resultsFile('latest-budgets.json');

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Projects, budgets with two lines each, and each budget's creation in the history, in SQL. */
async function seedBudgets(db: Db) {
  const started = performance.now();
  await db.execute(sql`
    insert into projects (title, category, status, start_date, end_date, budget, project_lead_id)
    select 'Bench project ' || g, 'Residential', 'in_progress', '2026-01-01', '2027-12-31', 50000000,
      (select array_agg(id order by id) from users where role = 'project_lead')[1 + g % 20]
    from generate_series(1, ${PROJECTS}) g`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) - 1 as n from projects),
      author as (select id from users where role = 'accountant' order by id limit 1)
    insert into budgets (project_id, author_id, author_role, status, total_kobo, created_at, updated_at)
    select p.id, (select id from author), 'accountant',
      (array['pending_qs','pending_accountant','pending_admin','approved','revision_needed','rejected'])[1 + g % 6],
      190000000 + 120000050, now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${BUDGETS}) g join numbered p on p.n = g % ${PROJECTS}`);
  await db.execute(sql`
    insert into budget_items (budget_id, position, description, quantity, unit_price_kobo, total_kobo, notes)
    select b.id, x, case x when 0 then 'Cement (50kg bags)' else 'Reinforcement bars 12mm' end,
      case x when 0 then 200 else 2.5 end, case x when 0 then 950000 else 48000020 end,
      case x when 0 then 190000000 else 120000050 end, ''
    from budgets b cross join generate_series(0, 1) x`);
  await db.execute(sql`
    insert into status_history (workflow, entity_id, action, from_status, to_status, actor_id, created_at)
    select 'budget', id, 'create', null, status, author_id, created_at from budgets`);
  // The budgets the approvals race on: the newest ones, all pending the administrator.
  const raced = await rowsOf<{ id: string }>(
    db,
    sql`update budgets set status = 'pending_admin' where id in (
      select id from budgets order by created_at desc limit ${RACED_BUDGETS + SINGLE_APPROVALS}) returning id`,
  );
  await db.execute(sql`analyze`);
  const ids = raced.map((row) => row.id);
  return {
    racedIds: ids.slice(0, RACED_BUDGETS),
    singleIds: ids.slice(RACED_BUDGETS),
    seedMs: performance.now() - started,
  };
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;

async function main() {
  cleanUpOnInterrupt();
  const admin = { email: 'bench-admin@trowel.test', password: randomBytes(12).toString('base64url') };
  const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
  const trowel = await startTrowel('postgres', {
    admin,
    async prepare(db) {
      await seedUsers(db, 40, passwordHash, {
        roles: Array.from({ length: 40 }, (_, index) => (index % 2 ? 'accountant' : 'project_lead')),
      });
      return seedBudgets(db);
    },
  });
  const bare = await startBareServer();
  const load = startLoadGenerator();
  try {
    const { racedIds, singleIds, seedMs } = trowel.prepared;
    console.log(
      `Trowel budgets benchmark on PostgreSQL: ${BUDGETS} budgets over ${PROJECTS} projects seeded in ${Math.round(seedMs)} ms`,
    );
    const auth = await signIn(trowel.origin, admin);
    const first = await fetchJson<{ pagination: { totalItems: number } }>(`${trowel.origin}/api/budgets`, {
      headers: auth,
    });
    if (first.pagination.totalItems !== BUDGETS)
      throw new BenchError(`listed ${first.pagination.totalItems} budgets`);
    const database = await openDatabase({ databaseUrl: trowel.databaseUrl! });
    const projectIds = (await rowsOf<{ id: string }>(database.db, sql`select id from projects`)).map(
      (row) => row.id,
    );

    // 1. Reads against the bare route.
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
        url: `${trowel.origin}/api/budgets/project/${projectIds[0]}`,
        pid: trowel.pid,
        headers: auth,
        paths: projectIds.map((id) => `/api/budgets/project/${id}`),
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const { endpoints, baseline } = await measurePlan(load, trowel, SETTINGS, plan);

    // 2. Approvals one at a time, then 200 concurrent approvals on 100 budgets, on open connections.
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
    console.log(
      `${SINGLE_APPROVALS} approvals one at a time: p50 ${singleMs.p50} ms, max ${singleMs.max} ms`,
    );
    const calls = racedIds.flatMap((id) => [id, id]);
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
    client.close();
    const statuses: Record<string, number> = {};
    for (const outcome of outcomes) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    const latencies = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const [{ transitions = 0 } = {}] = await rowsOf<{ transitions: number }>(
      database.db,
      sql`select count(*)::int as transitions from status_history
        where workflow = 'budget' and action = 'approve' and entity_id = any(${`{${racedIds.join(',')}}`}::uuid[])`,
    );
    const [{ approved = 0 } = {}] = await rowsOf<{ approved: number }>(
      database.db,
      sql`select count(*)::int as approved from budgets
        where status = 'approved' and id = any(${`{${racedIds.join(',')}}`}::uuid[])`,
    );
    await database.close();
    const race = {
      calls: calls.length,
      singleApprovalMs: singleMs,
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
      `${calls.length} concurrent approvals on ${RACED_BUDGETS} budgets: ${JSON.stringify(statuses)}, ` +
        `${transitions} transitions written, ${approved} approved; p50 ${race.latencyMs.p50} ms, p99 ${race.latencyMs.p99} ms; ` +
        `all answered in ${wallMs} ms, CPU (% of a core) ${JSON.stringify(race.cpu)}`,
    );

    const p99 = (id: string) => endpointOf(endpoints, id).latencyMs.p99;
    const targets = [
      { target: 'GET /api/budgets page 1 p99 < 50 ms', actual: `${p99('list')} ms`, pass: p99('list') < 50 },
      {
        target: 'GET /api/budgets/project/{id} p99 < 50 ms',
        actual: `${p99('project')} ms`,
        pass: p99('project') < 50,
      },
      {
        target: '200 concurrent approvals on 100 budgets: exactly 100 transitions',
        actual: `${transitions} transitions, ${statuses['200'] ?? 0} x 200, ${statuses['409'] ?? 0} x 409`,
        pass:
          transitions === RACED_BUDGETS &&
          statuses['200'] === RACED_BUDGETS &&
          statuses['409'] === RACED_BUDGETS,
      },
      { target: 'approval p99 < 100 ms', actual: `${race.latencyMs.p99} ms`, pass: race.latencyMs.p99 < 100 },
    ];
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
        singleApprovals: SINGLE_APPROVALS,
      },
      ...baseline,
      endpoints,
      race,
      targets,
    });
  } finally {
    await load.stop();
    await bare.stop();
    await trowel.stop();
  }
}

main().catch((error: unknown) => {
  console.error(
    `\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
