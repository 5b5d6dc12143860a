// Faults survived, on a PostgreSQL cluster of the run's own. `npm run bench:faults -w @trowel/bench`
//
// 1. The API process killed (SIGKILL) under write load: 50 writers make daily logs, material requests
//    (each approved by the project's lead) and budgets (each approved by the administrator); the
//    server is killed, started again, the creates left without an answer are sent again with their
//    Idempotency-Key, and the database is checked against what every writer was told. Three rounds.
// 2. PostgreSQL stopped and started again under the same load, the API processes left running: what
//    the requests were answered, how soon the server serves again, its job worker and the second
//    process's invalidation listener.
// 3. Job workers killed in the middle of a notification's emails to 500 people: the next takes the job
//    over when its lease ends; every message the mail provider got is counted per recipient.
// The figures go to bench/results/latest-faults.json; the assertions that run fast are in `npm test`
// (apps/server/test/faults-*.test.ts).
import { makeCompany } from '@trowel/server/test/faults/company.ts';
import { serverProcess, workerProcess } from '@trowel/server/test/faults/processes.ts';
import { cleanUpOnInterrupt } from './lib/cleanup.ts';
import { killApiUnderLoad } from './lib/faults-api-kill.ts';
import { restartDatabaseUnderLoad } from './lib/faults-db-restart.ts';
import { FAULT_PORTS, startFaultEnv, type FaultEnv } from './lib/faults-env.ts';
import { printFaults, type FaultsReport } from './lib/faults-report.ts';
import { killWorkersMidBatch } from './lib/faults-worker-kill.ts';
import { freePortFrom } from './lib/ports.ts';
import { machineFacts, resultsFile, sourceRevision, writeResults } from './lib/measure.ts';

const WRITERS = Number(process.env.BENCH_FAULT_WRITERS ?? 50);
const ROUNDS = Number(process.env.BENCH_FAULT_ROUNDS ?? 3);
const LOAD_MS = Number(process.env.BENCH_FAULT_LOAD_SECONDS ?? 5) * 1000;
const RECIPIENTS = Number(process.env.BENCH_FAULT_RECIPIENTS ?? 500);
const LEASE_SECONDS = 5;
const RESULTS_FILE = resultsFile('latest-faults.json');

type Processes = Array<{ stop(): Promise<void> }>;

/** An API server on `url`, on the first free port from the base (once the one before it listens). */
async function startServer(
  env: FaultEnv,
  processes: Processes,
  url: string,
  extra: Record<string, string> = {},
) {
  const server = serverProcess(await freePortFrom(FAULT_PORTS.server), env.settings(url, extra));
  processes.push(server);
  await server.start();
  await env.configureEmail(server.origin);
  return server;
}

/** 1: one API process on a database of its own, killed and started again ROUNDS times. */
async function apiKill(env: FaultEnv, processes: Processes) {
  const url = await env.cluster.createDatabase('faults_kill');
  const server = await startServer(env, processes, url);
  const company = await makeCompany(server.origin, env.admin, 5, 4);
  console.log(`1. The API process killed under the writes of ${WRITERS} writers, ${ROUNDS} times`);
  const rounds = await killApiUnderLoad(server, url, company, {
    rounds: ROUNDS,
    loadMs: LOAD_MS,
    writers: WRITERS,
  });
  await server.stop();
  return rounds;
}

/** 2: two API processes (the first with the job worker) on a database of their own, restarted under load. */
async function databaseRestart(env: FaultEnv, processes: Processes) {
  const url = await env.cluster.createDatabase('faults_restart');
  const first = await startServer(env, processes, url);
  const second = await startServer(env, processes, url, { RUN_WORKER: 'false' });
  const company = await makeCompany(first.origin, env.admin, 5, 4);
  console.log('2. PostgreSQL stopped for 3 s and started again under the same load');
  const setup = {
    cluster: env.cluster,
    databaseUrl: url,
    first,
    second,
    company,
    admin: env.admin,
    smtp: env.smtp,
  };
  const figures = await restartDatabaseUnderLoad(setup, {
    writers: WRITERS,
    beforeMs: 3000,
    downMs: 3000,
    afterMs: 5000,
  });
  await first.stop();
  await second.stop();
  return figures;
}

/** 3: an API process without a worker (to save the mail settings), and worker processes killed in turn. */
async function workerKill(env: FaultEnv, processes: Processes) {
  const url = await env.cluster.createDatabase('faults_mail');
  await startServer(env, processes, url, { RUN_WORKER: 'false' });
  // A provider that takes 20 ms over each message: the batch takes long enough to be cut.
  env.smtp.behaviour = { delayMs: 20 };
  console.log(`3. Job workers killed while emailing a notification to ${RECIPIENTS} people`);
  const settings = env.settings(url, { JOB_CONCURRENCY: '1', JOB_LEASE_SECONDS: String(LEASE_SECONDS) });
  const startWorker = () => {
    const worker = workerProcess(settings);
    processes.push(worker);
    return worker;
  };
  return killWorkersMidBatch(url, env.smtp, startWorker, {
    recipients: RECIPIENTS,
    killAt: [0.3, 0.6],
    leaseSeconds: LEASE_SECONDS,
  });
}

async function main() {
  cleanUpOnInterrupt();
  const env = await startFaultEnv();
  const processes: Processes = [];
  try {
    const report: FaultsReport = {
      apiKill: await apiKill(env, processes),
      databaseRestart: await databaseRestart(env, processes),
      workerKill: await workerKill(env, processes),
    };
    printFaults(report);
    await writeResults(RESULTS_FILE, {
      measuredAt: new Date().toISOString(),
      source: sourceRevision(),
      machine: machineFacts(),
      settings: {
        writers: WRITERS,
        rounds: ROUNDS,
        loadMs: LOAD_MS,
        recipients: RECIPIENTS,
        leaseSeconds: LEASE_SECONDS,
      },
      ...report,
    });
  } finally {
    for (const each of processes) await each.stop();
    await env.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
