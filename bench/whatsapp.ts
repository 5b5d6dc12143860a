// WhatsApp and push jobs in the notices statement. `npm run bench:whatsapp -w @trowel/bench`
//
// Every notification is written in one statement with its recipients and, for them, its email job, its
// Web Push job (one per notice, for those with a subscription) and its WhatsApp jobs (one per notice and
// person with a verified number, for the notices of a WhatsApp event). What do the push and WhatsApp
// parts add to a notification-heavy write? Four setups of the channels (lib/channel-setups.ts), taken
// in turn in each of ten rounds (each round in another order), every figure a ratio to the baseline of
// its own round (WhatsApp not configured, nobody with push), in the same process; wall time and the
// CPU the write cost (Trowel's process and PostgreSQL's backends) both.
// 1. Bulk write (PostgreSQL and PGlite, in this process, through the server's notices repository, as a
//    service writes them): per run, 50 'Budget Awaiting Review' notices (a WhatsApp event), one after
//    another, each to the same 200 staff.
// 2. Approval bursts (PostgreSQL, over HTTP to a real server): per run, two bursts a second apart of
//    200 concurrent POST /api/budgets/{id}/push-to-admin on 100 budgets (two calls each, 100 steps),
//    each step telling the 21 administrators. The server runs no jobs (RUN_WORKER=false): nothing is
//    sent, only written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { STAFF_ROLES } from '@trowel/shared/auth/roles.ts';
import { loadConfig } from '@trowel/server/src/config.ts';
import { createContext, type AppContext } from '@trowel/server/src/context.ts';
import { openDatabase, type Database, type Db } from '@trowel/server/src/db/client.ts';
import { queryRows } from '@trowel/server/src/db/raw.ts';
import { hashPassword } from '@trowel/server/src/lib/password.ts';
import { MODULES } from '@trowel/server/src/modules.ts';
import { ensureFirstAdmin } from '@trowel/server/src/seed/seed.ts';
import { saveSystemSettings } from '@trowel/server/src/settings/system-settings.service.ts';
import { localStorage } from '@trowel/server/src/storage/local-storage.ts';
import { burstClient, type BurstClient } from './lib/burst.ts';
import {
  applyChannelSetup,
  CHANNEL_SETUPS,
  channelsReached,
  clearNotices,
  rowsWritten,
  type ChannelSetup,
} from './lib/channel-setups.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { cpuMsUsed, cpuSnapshot, machineBusyPercent, waitForQuietMachine } from './lib/cpu.ts';
import {
  BenchError,
  benchDatabases,
  machineFacts,
  printTargets,
  resultsFile,
  signIn,
  sourceRevision,
  writeResults,
  type TargetResult,
} from './lib/measure.ts';
import { seedUsers, unknownPasswordHash } from './lib/seed.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

/** Rounds of the four setups (BENCH_ROUNDS); each round takes them in another order. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const STAFF = 200;
/** Notices a measured run writes: short runs, many rounds, so each ratio pairs runs close in time. */
const NOTICES = 50;
const ADMINS = 20;
const STEPS_PER_BURST = 100;
/** Bursts a measured run of a setup is made of, a second apart: one burst's CPU is some 200 ms, read in 10 ms ticks. */
const BURSTS_PER_RUN = 2;
/** Bursts before the judged ones, on the baseline: until the step has run a few thousand times V8 is compiling it. */
const WARMUP_BURSTS = 3;
/** Nothing may leave: the server runs no jobs, and a WhatsApp send would meet a closed port. */
const WHATSAPP_API_URL = 'http://127.0.0.1:9/v21.0';
const RESULTS_FILE = resultsFile('latest-whatsapp.json');
/** How long to wait at most for a quiet machine before measuring (BENCH_QUIET_WAIT_SECONDS). */
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120);
/** BENCH_ONLY=bulk (or burst) runs that part only. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((id) => id.trim());
const runs = (id: 'bulk' | 'burst') => !ONLY || ONLY.includes(id);

const ACCOUNTANT = { email: 'bench-accountant@trowel.test', password: randomBytes(12).toString('base64url') };

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;
/** The setups in round `round`'s order: the baseline's place moves, so no setup always runs first. */
const orderOf = (round: number) =>
  CHANNEL_SETUPS.map((_, index) => CHANNEL_SETUPS[(index + round) % CHANNEL_SETUPS.length]!);

/** Saves or clears the WhatsApp integration as the administrator's settings screen does. */
async function configureWhatsApp(ctx: AppContext, adminId: string, on: boolean) {
  await saveSystemSettings(ctx, { id: adminId }, [
    { key: 'whatsapp_phone_number_id', value: on ? '109876543210' : '' },
    { key: 'whatsapp_access_token', value: on ? 'EAAG-bench-token' : '' },
  ]);
  if ((await ctx.settings.whatsapp()).phoneNumberId !== (on ? '109876543210' : ''))
    throw new BenchError('the WhatsApp integration was not saved');
}

async function prepareSetup(ctx: AppContext, setup: ChannelSetup, adminId: string, people: string[]) {
  await configureWhatsApp(ctx, adminId, setup.whatsappConfigured);
  await applyChannelSetup(ctx.db, setup, people);
  await clearNotices(ctx.db);
}

interface Run {
  setup: ChannelSetup['id'];
  round: number;
  ms: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU the write cost: the process running Trowel's code and the database backends. */
  cpuMs: number;
  rows: Record<string, number>;
}

/** Where the work of a run is done: the process running Trowel's code, and PostgreSQL's backends. */
interface Workers {
  pid: number;
  databasePids(): Promise<number[] | null>;
}

/** Runs `work` and answers what it answered with the CPU the workers used meanwhile, in ms. */
async function withCpu<T>(workers: Workers, work: () => Promise<T>): Promise<T & { cpuMs: number }> {
  const snapshot = async () =>
    cpuSnapshot({ serverPid: workers.pid, loadPid: undefined, databasePids: await workers.databasePids() });
  const before = await snapshot();
  const result = await work();
  const used = cpuMsUsed(before, await snapshot());
  return { ...result, cpuMs: (used.server ?? 0) + (used.database ?? 0) };
}

/**
 * The jobs a run must have written beside its email jobs: one WhatsApp job per notice and person on
 * WhatsApp, one push job per notice when anyone told is on push.
 */
function checkRows(setup: ChannelSetup, rows: Record<string, number>, notices: number, told: number) {
  const reached = channelsReached(setup, told);
  const expected = {
    'whatsapp-notification': notices * reached.whatsapp,
    'notification-push': reached.push > 0 ? notices : 0,
  };
  for (const [type, count] of Object.entries(expected))
    if ((rows[type] ?? 0) !== count)
      throw new BenchError(`${setup.id}: ${rows[type] ?? 0} ${type} jobs written, not ${count}`);
}

/** Per setup: the median of its absolute figures, and of its ratio to the baseline of the same round. */
function summarise(all: readonly Run[]) {
  return CHANNEL_SETUPS.map((setup) => {
    const own = all.filter((run) => run.setup === setup.id);
    const baseline = (run: Run) => all.find((other) => other.setup === 'none' && other.round === run.round)!;
    const ratios = own.map((run) => run.ms / baseline(run).ms);
    const cpuRatios = own.map((run) => run.cpuMs / baseline(run).cpuMs);
    return {
      setup: setup.id,
      label: setup.label,
      medianMs: round1(median(own.map((run) => run.ms))),
      medianP50Ms: round1(median(own.map((run) => run.p50Ms))),
      medianP99Ms: round1(median(own.map((run) => run.p99Ms))),
      medianCpuMs: Math.round(median(own.map((run) => run.cpuMs))),
      ratioToBaseline: round3(median(ratios)),
      ratios: ratios.map(round3),
      cpuRatioToBaseline: round3(median(cpuRatios)),
      cpuRatios: cpuRatios.map(round3),
      rows: own[0]!.rows,
    };
  });
}

function printSummary(title: string, unit: string, summary: ReturnType<typeof summarise>) {
  console.log(`\n${title}`);
  for (const row of summary)
    console.log(
      `  ${row.label.padEnd(34)} ${String(row.medianMs).padStart(8)} ms${unit} x${row.ratioToBaseline.toFixed(2)} ` +
        `(${row.ratios.map((ratio) => ratio.toFixed(2)).join(', ')}); CPU ${row.medianCpuMs} ms ` +
        `x${row.cpuRatioToBaseline.toFixed(2)} (${row.cpuRatios.map((ratio) => ratio.toFixed(2)).join(', ')}); ` +
        `p50 ${row.medianP50Ms} ms, p99 ${row.medianP99Ms} ms; rows ${JSON.stringify(row.rows)}`,
    );
}

/** 1. The notices written one after another, as many services write them, under each setup in turn. */
async function measureBulk(ctx: AppContext, workers: Workers, adminId: string, staff: string[]) {
  const writeAll = async () => {
    const each: number[] = [];
    const started = performance.now();
    for (let index = 0; index < NOTICES; index++) {
      const sent = performance.now();
      await ctx.notices.create({
        type: 'budget',
        title: 'Budget Awaiting Review',
        message: `A budget for "Bench project ${index + 1}" (₦2,500,000.00) awaits your review.`,
        link: '/budgets',
        recipientRoles: NOT_ADMIN,
      });
      each.push(performance.now() - sent);
    }
    each.sort((a, b) => a - b);
    return { ms: performance.now() - started, p50Ms: percentile(each, 0.5), p99Ms: percentile(each, 0.99) };
  };
  await prepareSetup(ctx, CHANNEL_SETUPS[0]!, adminId, staff);
  await writeAll();
  const all: Run[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const setup of orderOf(round)) {
      await prepareSetup(ctx, setup, adminId, staff);
      const timing = await withCpu(workers, writeAll);
      const rows = await rowsWritten(ctx.db);
      if (rows.recipients !== NOTICES * staff.length)
        throw new BenchError(`${rows.recipients} recipients written, not ${NOTICES * staff.length}`);
      checkRows(setup, rows, NOTICES, staff.length);
      all.push({ setup: setup.id, round, ...timing, rows });
    }
  await clearNotices(ctx.db);
  return { runs: all, summary: summarise(all) };
}

/** 2. Bursts of concurrent push-to-admin steps: a few on the baseline first, then each setup in turn. */
async function measureBursts(
  server: Workers & { origin: string },
  ctx: AppContext,
  adminId: string,
  budgets: string[][],
  admins: string[],
) {
  const auth = await signIn(server.origin, ACCOUNTANT);
  const client: BurstClient = burstClient(server.origin);
  let next = 0;
  const burst = async (ids: readonly string[]) => {
    const calls = ids.flatMap((id) => [id, id]);
    await client.warm(calls.length);
    const started = performance.now();
    const outcomes = await client.send(
      calls.map((id) => ({
        method: 'POST',
        path: `/api/budgets/${id}/push-to-admin`,
        headers: auth,
        body: '{}',
      })),
    );
    const ms = performance.now() - started;
    const statuses: Record<string, number> = {};
    for (const outcome of outcomes) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    if (statuses['200'] !== ids.length || statuses['409'] !== ids.length)
      throw new BenchError(`a burst answered ${JSON.stringify(statuses)}`);
    return { ms, latencies: outcomes.map((outcome) => outcome.ms) };
  };
  /** Bursts in a row: their wall times summed, the latencies of all their calls together. */
  const bursts = async (count: number) => {
    let ms = 0;
    const latencies: number[] = [];
    for (let index = 0; index < count; index++) {
      await sleep(1000);
      const one = await burst(budgets[next++]!);
      ms += one.ms;
      latencies.push(...one.latencies);
    }
    latencies.sort((a, b) => a - b);
    return { ms, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
  };
  const warmup = [];
  await prepareSetup(ctx, CHANNEL_SETUPS[0]!, adminId, admins);
  for (let index = 0; index < WARMUP_BURSTS; index++) warmup.push(Math.round((await bursts(1)).p99Ms));
  const all: Run[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const setup of orderOf(round)) {
      await prepareSetup(ctx, setup, adminId, admins);
      const timing = await withCpu(server, () => bursts(BURSTS_PER_RUN));
      const rows = await rowsWritten(ctx.db);
      checkRows(setup, rows, STEPS_PER_BURST * BURSTS_PER_RUN, admins.length);
      all.push({ setup: setup.id, round, ...timing, rows });
    }
  client.close();
  await clearNotices(ctx.db);
  return { warmupP99Ms: warmup, runs: all, summary: summarise(all) };
}

/** Budgets pending the accountant, one project; the burst's accountant, with a password to sign in. */
async function seedBurst(db: Db) {
  const [accountant] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (name, email, role, password_hash)
      values ('Bench Accountant', ${ACCOUNTANT.email}, 'accountant', ${await hashPassword(ACCOUNTANT.password)})
      returning id`,
  );
  const budgets = await queryRows<{ id: string }>(
    db,
    sql`with project as (
        insert into projects (title, category, status, start_date, end_date, budget)
        values ('Bench project', 'Residential', 'in_progress', '2026-01-01', '2027-12-31', 50000000) returning id)
      insert into budgets (project_id, author_id, author_role, status, total_kobo)
      select (select id from project), ${accountant!.id}, 'accountant', 'pending_accountant', 250000000
      from generate_series(1, ${(WARMUP_BURSTS + ROUNDS * CHANNEL_SETUPS.length * BURSTS_PER_RUN) * STEPS_PER_BURST})
      returning id`,
  );
  const ids = budgets.map((row) => row.id);
  return Array.from({ length: ids.length / STEPS_PER_BURST }, (_, index) =>
    ids.slice(index * STEPS_PER_BURST, (index + 1) * STEPS_PER_BURST),
  );
}

const idsOf = async (db: Db, roles: readonly string[]) =>
  (
    await queryRows<{ id: string }>(
      db,
      sql`select id from users where role = any(${`{${roles.join(',')}}`}::text[]) order by id`,
    )
  ).map((row) => row.id);

const NOT_ADMIN = STAFF_ROLES.filter((role) => role !== 'admin');

/** The 200 staff the bulk notices go to (every staff role but the administrator's), and the administrators. */
const seedPeople = async (db: Db, admins: number) =>
  seedUsers(db, STAFF + admins, await unknownPasswordHash(), {
    roles: [
      ...Array.from({ length: STAFF }, (_, index) => NOT_ADMIN[index % NOT_ADMIN.length]!),
      ...Array.from({ length: admins }, () => 'admin' as const),
    ],
  });

/** PostgreSQL: a real server for the bursts; the bulk writes in this process on the same database. */
async function onPostgres() {
  const admin = benchAdmin();
  const trowel = await startTrowel('postgres', {
    admin,
    env: { RUN_WORKER: 'false', WHATSAPP_API_URL },
    async prepare(db) {
      await seedPeople(db, ADMINS);
      const budgets = await seedBurst(db);
      await db.execute(sql`analyze`);
      return budgets;
    },
  });
  let database: Database | null = null;
  try {
    database = await openDatabase({ databaseUrl: trowel.databaseUrl! });
    const ctx = createContext(trowel.config, database, localStorage(trowel.config.dataDir), MODULES);
    const adminId = (await ctx.users.findByEmail(admin.email))!.id;
    const staff = await idsOf(database.db, NOT_ADMIN);
    const admins = await idsOf(database.db, ['admin']);
    // The bulk writes run Trowel's code in this process; the server sits idle meanwhile.
    const here = { pid: process.pid, databasePids: trowel.databasePids };
    const bulk = runs('bulk') ? await measureBulk(ctx, here, adminId, staff) : null;
    if (bulk)
      printSummary(
        `Bulk write on PostgreSQL: per run ${NOTICES} notices to ${staff.length} staff`,
        '',
        bulk.summary,
      );
    const bursts = runs('burst') ? await measureBursts(trowel, ctx, adminId, trowel.prepared, admins) : null;
    if (bursts)
      printSummary(
        `Approval bursts on PostgreSQL: per run ${BURSTS_PER_RUN} bursts of ${STEPS_PER_BURST * 2} concurrent push-to-admin on ${STEPS_PER_BURST} budgets, ${admins.length} administrators told`,
        '',
        bursts.summary,
      );
    return { bulk, bursts };
  } finally {
    await database?.close();
    await trowel.stop();
  }
}

/** PGlite: the bulk writes only (one process holds the embedded database), on disk as the server keeps it. */
async function onPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-bench-whatsapp-'));
  const remove = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  cleanups.add(remove);
  const admin = benchAdmin();
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    WHATSAPP_API_URL,
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    const ctx = createContext(config, database, localStorage(path.join(dataDir, 'files')), MODULES);
    await ensureFirstAdmin(ctx);
    await seedPeople(database.db, 0);
    const adminId = (await ctx.users.findByEmail(admin.email))!.id;
    const staff = await idsOf(database.db, NOT_ADMIN);
    const bulk = await measureBulk(ctx, { pid: process.pid, databasePids: async () => null }, adminId, staff);
    printSummary(
      `Bulk write on PGlite: per run ${NOTICES} notices to ${staff.length} staff`,
      '',
      bulk.summary,
    );
    return { bulk };
  } finally {
    await database.close();
    await remove();
    cleanups.delete(remove);
  }
}

/** A ratio to the baseline as a target: the setup's median CPU ratio over the rounds at most `limit`. */
function ratioTarget(
  label: string,
  summary: ReturnType<typeof summarise> | undefined,
  setup: ChannelSetup['id'],
  limit: number,
): TargetResult[] {
  const row = summary?.find((candidate) => candidate.setup === setup);
  if (!row) return [];
  return [
    {
      target: `${label}: <= ${limit}x the baseline`,
      actual: `CPU ${row.cpuRatioToBaseline.toFixed(2)}x (${row.medianCpuMs} ms; wall ${row.ratioToBaseline.toFixed(2)}x)`,
      pass: row.cpuRatioToBaseline <= limit,
    },
  ];
}

async function main() {
  cleanUpOnInterrupt();
  // Other work on the two cores moves every figure; wait a while for it to calm down.
  const calm = await waitForQuietMachine(QUIET_WAIT_SECONDS * 1000);
  const busyBefore = calm.busyPercent;
  console.log(
    `Trowel WhatsApp and push jobs benchmark; other work on the machine: ${busyBefore ?? '?'}% of a core (waited ${Math.round(calm.waitedMs / 1000)} s)`,
  );
  const kinds = benchDatabases();
  const postgres = kinds.includes('postgres') ? await onPostgres() : null;
  const pglite = kinds.includes('pglite') && runs('bulk') ? await onPglite() : null;
  const busyAfter = await machineBusyPercent(2000);
  // A notice of a WhatsApp event reaches a few people (the administrators, a vendor, a requester),
  // and a few of them opt in: a tenth is judged, on CPU (wall times swing with other work on the
  // machine); everyone opted in is reported, not judged.
  const tenth = (label: string, summary: ReturnType<typeof summarise> | undefined) =>
    ratioTarget(`${label}, a tenth on WhatsApp (CPU)`, summary, 'whatsapp-tenth', 1.25);
  const targets: TargetResult[] = [
    {
      target:
        'job rows: one WhatsApp job per notice and person on WhatsApp, one push job per notice (every run)',
      actual: 'exact (checked after each run)',
      pass: true,
    },
    ...tenth('bulk write, PostgreSQL', postgres?.bulk?.summary),
    ...tenth('bulk write, PGlite', pglite?.bulk.summary),
    ...tenth('approval bursts, PostgreSQL', postgres?.bursts?.summary),
  ];
  printTargets('postgres', targets);
  await writeResults(RESULTS_FILE, {
    benchmark: 'whatsapp',
    generatedAt: new Date().toISOString(),
    source: sourceRevision(),
    environment: {
      ...machineFacts(),
      otherWorkPercentOfCore: { before: busyBefore, after: busyAfter },
      waitedForQuietMs: Math.round(calm.waitedMs),
    },
    settings: {
      rounds: ROUNDS,
      staff: STAFF,
      notices: NOTICES,
      administrators: ADMINS + 1,
      stepsPerBurst: STEPS_PER_BURST,
      burstsPerRun: BURSTS_PER_RUN,
      warmupBursts: WARMUP_BURSTS,
      setups: CHANNEL_SETUPS,
      only: ONLY ?? null,
    },
    postgres,
    pglite,
    targets,
  });
}

main().catch((error: unknown) => {
  console.error(
    `\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
