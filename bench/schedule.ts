// Schedule benchmark, on PGlite (the default database). `npm run bench:schedule -w @trowel/bench`
//
// One project of 2,000 tasks (20 phases of 100) and 4,000 links, seeded with bulk SQL:
// 1. the recompute alone (`shiftsToKeepLinks`: forward and backward pass, in this process), 300 times;
// 2. GET /api/projects/{id}/schedule (the Gantt's answer, critical path included), one request at a time,
//    each after a GET of a bare Fastify route in a process of its own (the baseline: what this machine's load
//    does to any request at that moment), with the ratio of the two;
// 3. PUT of the first task one day later, which moves every task waiting for it (the recompute on the
//    server with its writes, in one transaction), one request at a time.
// Targets: the recompute p99 < 100 ms, the GET p99 < 50 ms, each with its ratio to the bare route's median
// beside it (`lib/latency-targets.ts`); a target is met when both hold.
import { sql } from 'drizzle-orm';
import { shiftsToKeepLinks, type TaskLinkShape } from '@trowel/shared/schedule/critical-path.ts';
import { startBareServer } from './lib/bare.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { cpuSnapshot, waitForQuietMachine } from './lib/cpu.ts';
import { latencySummary } from './lib/health-probe-types.ts';
import {
  BenchError,
  fetchJson,
  machineFacts,
  printTargets,
  resultsFile,
  signIn,
  sourceRevision,
  writeResults,
} from './lib/measure.ts';
import { oneAtATimeTarget } from './lib/latency-targets.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

const PHASES = 20;
const TASKS_PER_PHASE = 100;
const TASKS = PHASES * TASKS_PER_PHASE;
const LINKS = 4000;
/** Tasks in a row of the grid: each task waits for tasks of the row before (3-day tasks, one row every 3 days). */
const ROW = 20;
const WARMUP = 20;
const RUNS = { compute: 300, get: 200, move: 60 };
const TARGETS = { computeP99Ms: 100, getP99Ms: 50 };
const RESULTS_FILE = resultsFile('latest-schedule.json');
/** Before the runs, wait up to this long for other work on the machine to calm down. */
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120);

interface Seeded {
  projectId: string;
  phaseId: string;
  taskId: string;
}

type ScheduleAnswer = {
  schedule: {
    tasks: Array<{ id: string; startDate: string; endDate: string; critical: boolean }>;
    links: TaskLinkShape[];
  };
};

/** The rows of a statement's result (the database handle is PostgreSQL's or PGlite's). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function timed(runs: number, run: () => Promise<unknown> | unknown) {
  const latencies: number[] = [];
  for (let i = 0; i < WARMUP + runs; i++) {
    const started = performance.now();
    await run();
    if (i >= WARMUP) latencies.push(performance.now() - started);
  }
  return latencySummary(latencies);
}

/**
 * Runs `baseline` then `run`, one after the other, `runs` times: both see the machine as it is at that
 * moment. Also answers the CPU time `run` took, per call: this process's (the client's: reading and
 * parsing the answer) and the server's (`serverPid`, which `baseline` does not reach), which other work
 * on the machine changes far less than it changes latencies.
 */
async function timedAgainst(
  runs: number,
  serverPid: number,
  baseline: () => Promise<unknown>,
  run: () => Promise<unknown>,
) {
  const latencies = { baseline: [] as number[], run: [] as number[] };
  let clientCpuMicros = 0;
  const serverBefore = cpuSnapshot({ serverPid, loadPid: undefined, databasePids: null });
  for (let i = 0; i < WARMUP + runs; i++) {
    for (const [which, call] of [
      ['baseline', baseline],
      ['run', run],
    ] as const) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      await call();
      if (which === 'run') {
        const used = process.cpuUsage(cpu);
        clientCpuMicros += used.user + used.system;
      }
      if (i >= WARMUP) latencies[which].push(performance.now() - started);
    }
  }
  const serverAfter = cpuSnapshot({ serverPid, loadPid: undefined, databasePids: null });
  const calls = WARMUP + runs;
  const serverMs =
    serverBefore.serverMs === null || serverAfter.serverMs === null
      ? null
      : (serverAfter.serverMs - serverBefore.serverMs) / calls;
  return {
    baseline: latencySummary(latencies.baseline),
    run: latencySummary(latencies.run),
    cpuMsPerCall: {
      client: round1(clientCpuMicros / 1000 / calls),
      server: serverMs === null ? null : round1(serverMs),
    },
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

const ratio = (value: number, baseline: number) => Math.round((value / baseline) * 10) / 10;

async function main() {
  cleanUpOnInterrupt();
  const admin = benchAdmin();
  const trowel = await startTrowel<Seeded>('pglite', {
    admin,
    async prepare(db) {
      return db.transaction(async (tx) => {
        const [project] = rowsOf<{ id: string }>(
          await tx.execute(sql`
            insert into projects (title, category, start_date, end_date, budget, created_by)
            select 'Schedule bench tower', 'Commercial', '2027-01-04', '2030-12-31', 1000000000,
              (select id from users where role = 'admin' order by created_at limit 1)
            returning id`),
        );
        if (!project) throw new BenchError('no project');
        await tx.execute(sql`
          insert into phases (project_id, name, position)
          select ${project.id}, 'Phase ' || k, k - 1 from generate_series(1, ${PHASES}::int) k`);
        // Task i (0-based) is in row i / ROW: it starts 3 days after the row before and takes 3 days.
        await tx.execute(sql`
          insert into tasks (project_id, phase_id, name, progress, start_date, end_date, position)
          select ${project.id}, ph.id, 'Task ' || i, 0,
            date '2027-01-04' + (i / ${ROW}::int) * 3, date '2027-01-04' + (i / ${ROW}::int) * 3 + 2,
            i % ${TASKS_PER_PHASE}::int
          from generate_series(0, ${TASKS - 1}::int) i
            join phases ph on ph.project_id = ${project.id} and ph.position = i / ${TASKS_PER_PHASE}::int`);
        // Each task waits for the task 20 and 21 places before it (finish to start), and the first 41 that
        // can for the one 40 places before (start to start): 1,980 + 1,979 + 41 = 4,000 links.
        await tx.execute(sql`
          with t as (
            select id, (row_number() over (order by start_date, position))::int - 1 as i
            from tasks where project_id = ${project.id}
          )
          insert into task_links (project_id, from_task_id, to_task_id, type, lag_days)
          select ${project.id}, a.id, b.id, kind.type, 0
          from t b
            cross join (values (20, 'finish_to_start'), (21, 'finish_to_start'), (40, 'start_to_start')) kind(back, type)
            join t a on a.i = b.i - kind.back
          where kind.back < 40 or b.i < 81`);
        const [first] = rowsOf<{ id: string; phase_id: string }>(
          await tx.execute(sql`
            select id, phase_id from tasks where project_id = ${project.id} and name = 'Task 0'`),
        );
        if (!first) throw new BenchError('no first task');
        await tx.execute(sql`analyze`);
        return { projectId: project.id, phaseId: first.phase_id, taskId: first.id };
      });
    },
  });
  cleanups.add(trowel.stop);
  const bare = await startBareServer();
  try {
    const { projectId, phaseId, taskId } = trowel.prepared;
    const auth = await signIn(trowel.origin, admin);
    const url = `${trowel.origin}/api/projects/${projectId}/schedule`;
    const { schedule } = await fetchJson<ScheduleAnswer>(url, { headers: auth });
    if (schedule.tasks.length !== TASKS || schedule.links.length !== LINKS) {
      throw new BenchError(`seeded ${schedule.tasks.length} tasks and ${schedule.links.length} links`);
    }
    // Other work on the machine before the run, in % of one core (the figures below are sequential latencies),
    // after waiting a while for it to calm down.
    const calm = await waitForQuietMachine(QUIET_WAIT_SECONDS * 1000);
    const busyBefore = calm.busyPercent;
    console.log(
      `Trowel schedule benchmark on PGlite; ${TASKS} tasks, ${LINKS} links; server pid ${trowel.pid}; ` +
        `other work ${busyBefore ?? '?'}% of a core ` +
        `(${calm.quiet ? 'quiet' : 'still busy'} after waiting ${Math.round(calm.waitedMs / 1000)} s)`,
    );

    // 1. The recompute alone, on the answer's tasks with the first one moved a day later.
    const planned = schedule.tasks.map(({ id, startDate, endDate }) => ({ id, startDate, endDate }));
    let moved = 0;
    const compute = await timed(RUNS.compute, () => {
      const shifts = shiftsToKeepLinks(
        planned.map((task, index) => (index === 0 ? { ...task, endDate: '2027-01-07' } : task)),
        schedule.links,
      );
      moved = shifts.length;
    });

    // 2. The Gantt's answer, each after the bare route. Its size: the JSON as sent before compression.
    const answerBytes = Buffer.byteLength(await (await fetch(url, { headers: auth })).text());
    const {
      baseline: bareGet,
      run: get,
      cpuMsPerCall: getCpu,
    } = await timedAgainst(
      RUNS.get,
      trowel.pid,
      () => fetchJson(bare.url),
      () => fetchJson(url, { headers: auth }),
    );

    // 3. The first task one day later each time: its successors (and theirs) move with it.
    let day = 0;
    const first = schedule.tasks.find((task) => task.id === taskId)!;
    const move = await timed(RUNS.move, async () => {
      day++;
      const shift = (date: string) =>
        new Date(Date.parse(`${date}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
      await fetchJson(`${trowel.origin}/api/projects/${projectId}/phases/${phaseId}/tasks/${taskId}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ startDate: shift(first.startDate), endDate: shift(first.endDate) }),
      });
    });
    const after = await fetchJson<ScheduleAnswer>(url, { headers: auth });
    const followed = after.schedule.tasks.filter((task) => task.startDate > '2027-01-07').length;

    const rows = [
      ['recompute (shiftsToKeepLinks), in process', RUNS.compute, compute, `${moved} tasks moved`],
      ['bare Fastify GET /bare (baseline, just before each GET below)', RUNS.get, bareGet, ''],
      [
        'GET /api/projects/{id}/schedule',
        RUNS.get,
        get,
        `${(answerBytes / 1e6).toFixed(2)} MB; × bare: p50 ${ratio(get.p50, bareGet.p50)}, ` +
          `p99 ${ratio(get.p99, bareGet.p99)}; CPU per GET: client ${getCpu.client} ms, server ${getCpu.server ?? '?'} ms`,
      ],
      [
        'PUT first task +1 day (moves successors)',
        RUNS.move,
        move,
        `${followed} tasks after the first moved`,
      ],
    ] as const;
    console.log('\n| measured | runs | p50 ms | p99 ms | max ms | note |\n|---|---|---|---|---|---|');
    for (const [label, runs, summary, note] of rows) {
      console.log(
        `| ${label} | ${runs} | ${summary.p50.toFixed(1)} | ${summary.p99.toFixed(1)} | ${summary.max.toFixed(1)} | ${note} |`,
      );
    }
    const targets = [
      oneAtATimeTarget('recompute', compute.p99, TARGETS.computeP99Ms, bareGet.p50),
      oneAtATimeTarget('GET schedule', get.p99, TARGETS.getP99Ms, bareGet.p50),
    ];
    printTargets('pglite', targets, 'pglite');
    await writeResults(RESULTS_FILE, {
      machine: machineFacts(),
      source: sourceRevision(),
      database: 'pglite',
      otherWorkPercentOfCore: busyBefore,
      quietBeforeRun: calm.quiet,
      tasks: TASKS,
      links: LINKS,
      recompute: { ...compute, tasksMoved: moved },
      bareGet,
      getSchedule: {
        ...get,
        answerBytes,
        ratioToBare: { p50: ratio(get.p50, bareGet.p50), p99: ratio(get.p99, bareGet.p99) },
        cpuMsPerGet: getCpu,
      },
      moveFirstTask: { ...move, tasksMovedAfter: followed },
      targets,
    });
    if (targets.some((target) => !target.pass)) process.exitCode = 1;
  } finally {
    await Promise.all([bare.stop(), trowel.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
