// Fault 2: PostgreSQL stopped and started again under write load, the API processes left running.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { PostgresCluster } from '@trowel/server/test/postgres-cluster.ts';
import type { TestSmtp } from '@trowel/server/test/smtp.ts';
import { call, signIn, type FaultCompany } from '@trowel/server/test/faults/company.ts';
import { checkWrites, type WriteReport } from '@trowel/server/test/faults/write-checks.ts';
import { startWriteLoad, type Write } from '@trowel/server/test/faults/write-load.ts';

export interface RestartOptions {
  writers: number;
  /** Load before the stop, the database's time down, and load after it is back. */
  beforeMs: number;
  downMs: number;
  afterMs: number;
}

export interface RestartFigures {
  /** From the stop to the database answering again (pg_ctl stop, the time down, pg_ctl start). */
  outageMs: number;
  answers: {
    ok: number;
    unavailable: number;
    otherServerErrors: number;
    clientErrors: number;
    noAnswer: number;
  };
  /** The 503 answers' codes and messages, each once. */
  unavailableAnswers: string[];
  /** The first and last 503 from the stop, and the first 2xx sent after the database was back, from then. */
  firstUnavailableMs: number | null;
  lastUnavailableMs: number | null;
  firstOkAfterBackMs: number | null;
  /** Listening connections of the two API processes, before and after; how long after to listen again. */
  listenersBefore: number;
  listenersAfter: number;
  listeningAgainMs: number | null;
  /** A sign-out through one process, heard by the other (its kept session dropped) after the restart. */
  signOutHeardMs: number | null;
  /**
   * Jobs running when the database stopped, and how many of them were still running on the same
   * claim after the load (their outcome not written: they would wait for their lease to run out);
   * jobs finished since the database was back, the emails sent since, and the jobs still queued.
   */
  jobs: {
    runningAtStop: number;
    stillRunning: number;
    doneSinceBack: number;
    emailsSinceBack: number;
    queued: number;
  };
  report: WriteReport;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const listeners = async (url: string) =>
  (
    await query<{ count: number }>(
      url,
      "select count(*)::int as count from pg_stat_activity where query like 'listen %'",
    )
  )[0]!.count;

async function waitFor<T>(check: () => Promise<T | null>, limitMs: number): Promise<T | null> {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    const value = await check().catch(() => null);
    if (value !== null) return value;
    await sleep(50);
  }
  return null;
}

export interface RestartSetup {
  cluster: PostgresCluster;
  databaseUrl: string;
  /** The API process written through (it runs the job worker). */
  first: { origin: string };
  /** A second API process on the same database (no worker): hears the first's notices. */
  second: { origin: string };
  company: FaultCompany;
  admin: { email: string; password: string };
  smtp: TestSmtp;
}

/** Writes through `first` while the database restarts; `second` listens for its notices. */
export async function restartDatabaseUnderLoad(
  setup: RestartSetup,
  options: RestartOptions,
): Promise<RestartFigures> {
  const { cluster, databaseUrl, first, second, company, admin, smtp } = setup;
  const listenersBefore = await listeners(databaseUrl);
  const runId = `restart-${randomBytes(3).toString('hex')}`;
  const load = startWriteLoad(first.origin, company, {
    writers: options.writers,
    runId,
    pauseAfterFailureMs: 200,
  });
  await sleep(options.beforeMs);
  // The claims under way at the stop: a job still running on the same claim (attempt) afterwards had
  // its outcome lost, and would wait for its lease.
  const runningAtStop = await query<{ id: number; attempts: number }>(
    databaseUrl,
    "select id, attempts from jobs where status = 'running'",
  );
  const stoppedAt = performance.now();
  const outageMs = await cluster.restart(options.downMs, 'fast');
  const backAt = performance.now();
  const backSince = new Date();
  const emailsAtBack = smtp.messages.length;
  const listening = await waitFor(
    async () => ((await listeners(databaseUrl)) >= listenersBefore ? performance.now() - backAt : null),
    15_000,
  );
  await sleep(options.afterMs);
  load.halt();
  await load.settled();

  const session = await signIn(first.origin, admin.email, admin.password);
  const me = () =>
    fetch(`${second.origin}/api/auth/me`, { headers: session }).then((response) => response.status);
  if ((await me()) !== 200) throw new Error('the second server does not know the new session');
  const signedOutAt = performance.now();
  await call(first.origin, 'POST', '/api/auth/logout', {}, session, 200);
  const heard = await waitFor(
    async () => ((await me()) === 401 ? performance.now() - signedOutAt : null),
    10_000,
  );

  const jobCount = async (where: string, values: unknown[] = []) =>
    (
      await query<{ count: number }>(
        databaseUrl,
        `select count(*)::int as count from jobs where ${where}`,
        values,
      )
    )[0]!.count;
  const stillRunning = async () =>
    (
      await query<{ count: number }>(
        databaseUrl,
        `select count(*)::int as count from jobs j
         join jsonb_to_recordset($1::jsonb) as c(id bigint, attempts int) on c.id = j.id
         where j.status = 'running' and j.attempts = c.attempts`,
        [JSON.stringify(runningAtStop)],
      )
    )[0]!.count;
  await waitFor(async () => ((await stillRunning()) === 0 ? true : null), 30_000);

  const ledger = load.ledger;
  const answered = (write: Write) => write.answeredAt !== null;
  const unavailable = ledger.filter((write) => write.status === 503);
  const since = (at: number) => (write: Write) => Math.round(write.answeredAt! - at);
  const firstOk = ledger.filter(
    (write) => write.sentAt >= backAt && write.status !== null && write.status < 300,
  );
  return {
    outageMs: Math.round(outageMs),
    answers: {
      ok: ledger.filter((write) => write.status !== null && write.status < 300).length,
      unavailable: unavailable.length,
      otherServerErrors: ledger.filter(
        (write) => write.status !== null && write.status >= 500 && write.status !== 503,
      ).length,
      clientErrors: ledger.filter(
        (write) => write.status !== null && write.status >= 400 && write.status < 500,
      ).length,
      noAnswer: ledger.filter((write) => !answered(write)).length,
    },
    unavailableAnswers: [...new Set(unavailable.map((write) => write.code ?? '(no code)'))],
    firstUnavailableMs: unavailable.length ? Math.min(...unavailable.map(since(stoppedAt))) : null,
    lastUnavailableMs: unavailable.length ? Math.max(...unavailable.map(since(stoppedAt))) : null,
    firstOkAfterBackMs: firstOk.length ? Math.min(...firstOk.map(since(backAt))) : null,
    listenersBefore,
    listenersAfter: await listeners(databaseUrl),
    listeningAgainMs: listening === null ? null : Math.round(listening),
    signOutHeardMs: heard === null ? null : Math.round(heard),
    jobs: {
      runningAtStop: runningAtStop.length,
      stillRunning: await stillRunning(),
      doneSinceBack: await jobCount("status = 'done' and updated_at >= $1", [backSince]),
      emailsSinceBack: smtp.messages.length - emailsAtBack,
      queued: await jobCount("status = 'queued'"),
    },
    report: await checkWrites(databaseUrl, runId, ledger),
  };
}
