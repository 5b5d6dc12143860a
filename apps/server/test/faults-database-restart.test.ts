// PostgreSQL restarted under load, on a cluster of the test's own: requests in flight answer 503
// SERVICE_UNAVAILABLE (never 500, never a crash), the server recovers without a restart, its job
// worker goes on, and its invalidation listener listens again (once). bench/faults.ts measures more.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/http/error-handler.ts';
import { queueEmail } from '../src/mail/mail-queue.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from './harness.ts';
import { canRunOwnPostgres, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import { saveEmailSettings, startTestSmtp, type TestSmtp } from './smtp.ts';

/** Ports from 4640 are this suite's. Runs once, in the embedded-database pass (it brings its own PostgreSQL). */
const PORT = 4640;
const runs = canRunOwnPostgres && !process.env.TEST_DATABASE_URL;

async function eventually(check: () => Promise<boolean>, limitMs = 10_000) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(50);
  }
  return false;
}

describe.runIf(runs)('PostgreSQL restarted under load', () => {
  let cluster: PostgresCluster;
  let url: string;
  let smtp: TestSmtp;
  let first: TestServer, second: TestServer;
  let lead: TestUser, project: { id: string };

  beforeAll(async () => {
    cluster = await startPostgresCluster(PORT);
    url = await cluster.createDatabase('faults');
    smtp = await startTestSmtp();
    first = await startTestServer({ DATABASE_URL: url, SMTP_URL: smtp.url });
    second = await startTestServer({ DATABASE_URL: url, RUN_WORKER: 'false' });
    await saveEmailSettings(first, await first.user('admin'));
    lead = await first.user('project_lead');
    project = await makeProject(first, { lead, client: await first.user('client') });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await smtp?.close();
    cluster?.stop();
  });

  const listeners = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where query like 'listen %'",
      );
      return rows[0]!.count;
    } finally {
      await client.end();
    }
  };

  it('a connection lost between two statements of a transaction fails that transaction, not the process', async () => {
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const outcome = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: Array<{ pid: number }>;
        };
        // Killed while the transaction holds its connection and runs nothing: pg reports it as an
        // 'error' event of the client, which brought the whole process down when nothing listened.
        await database.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
        await sleep(200);
        await tx.execute(sql`select 1`);
      });
      await expect(outcome).rejects.toThrow();
      await database.ping();
    } finally {
      await database.close();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE in flight, recovers without a restart, and listens again once', async () => {
    expect(await listeners()).toBe(2);
    const answers: Array<{ status: number; code?: string; error?: string; retryAfter?: string }> = [];
    let writing = true;
    const writers = Array.from({ length: 20 }, async (_, writer) => {
      for (let n = 0; writing; n++) {
        const response = await first.app.inject({
          method: 'POST',
          url: '/api/daily-logs',
          headers: lead.auth,
          payload: {
            projectId: project.id,
            title: `Pour ${writer}.${n}`,
            message: 'Slab cast',
            type: 'update',
          },
        });
        const body = response.json<{ code?: string; error?: string }>();
        answers.push({
          status: response.statusCode,
          code: body.code,
          error: body.error,
          retryAfter: response.headers['retry-after'] as string | undefined,
        });
        if (response.statusCode === 503) await sleep(100);
      }
    });
    await sleep(500);
    await cluster.restart(1500);
    const recovered = await eventually(async () => {
      const response = await first.app.inject({ method: 'GET', url: '/api/health' });
      return response.statusCode === 200;
    });
    writing = false;
    await Promise.all(writers);

    expect(recovered).toBe(true);
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([201, 503]);
    for (const answer of answers.filter((each) => each.status === 503)) {
      expect(answer).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        error: DATABASE_UNAVAILABLE_MESSAGE,
        retryAfter: '5',
      });
    }
    const after = await first.app.inject({
      method: 'POST',
      url: '/api/daily-logs',
      headers: lead.auth,
      payload: { projectId: project.id, title: 'After the restart', message: 'Back', type: 'update' },
    });
    expect(after.statusCode, after.body).toBe(201);

    // One listening connection per server again, not one per event the drop raised.
    expect(await eventually(async () => first.ctx.bus.listening && second.ctx.bus.listening)).toBe(true);
    await sleep(1500);
    expect(await listeners()).toBe(2);
  });

  it('hears the other process again: a sign-out there ends the session here at once', async () => {
    const person = await first.user('team_member');
    const me = () =>
      second.app
        .inject({ method: 'GET', url: '/api/auth/me', headers: person.auth })
        .then((r) => r.statusCode);
    // Kept by the second server for a minute unless a notice says otherwise.
    expect(await me()).toBe(200);
    await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: person.auth });
    expect(await eventually(async () => (await me()) === 401, 3000)).toBe(true);
  });

  it('its job worker goes on: an email queued after the restart is sent', async () => {
    await queueEmail(first.ctx, {
      to: 'after-restart@trowel.test',
      subject: 'After the restart',
      text: 'Hello',
    });
    first.ctx.wakeWorker();
    const sent = () => smtp.messages.filter((mail) => mail.subject === 'After the restart');
    expect(await eventually(async () => sent().length > 0)).toBe(true);
    expect(sent().map((mail) => mail.to)).toEqual([['after-restart@trowel.test']]);
  });
});
