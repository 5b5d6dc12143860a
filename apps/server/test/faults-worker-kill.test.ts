// A worker process killed (SIGKILL) in the middle of a notification's emails, on a PostgreSQL of the
// test's own: a second worker takes the job over once its lease ends, and nobody gets the email twice.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { NOTIFICATION_EMAIL_JOB } from '../src/mail/email-jobs.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { canRunOwnPostgres, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import { saveEmailSettings, startTestSmtp, type TestSmtp } from './smtp.ts';

/** Ports from 4640 are this suite's. Runs once, in the embedded-database pass (it brings its own PostgreSQL). */
const PORT = 4643;
const runs = canRunOwnPostgres && !process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../..');
const WORKER = path.join(ROOT, 'apps/server/src/worker.ts');
const RECIPIENTS = 40;
const LEASE_SECONDS = 2;

describe.runIf(runs)('a worker killed while sending a notification by email', () => {
  let cluster: PostgresCluster;
  let smtp: TestSmtp;
  let server: TestServer;
  let people: TestUser[];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-worker-kill-'));
  const workers: ChildProcess[] = [];
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    cluster = await startPostgresCluster(PORT);
    const url = await cluster.createDatabase('faults');
    // A provider that takes a while over each message, so the kill lands mid-batch.
    smtp = await startTestSmtp({ delayMs: 60 });
    const secret = randomBytes(32).toString('base64url');
    env = {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      APP_SECRET: secret,
      JOB_CONCURRENCY: '1',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      LOG_LEVEL: 'silent',
    };
    server = await startTestServer({
      DATABASE_URL: url,
      SMTP_URL: smtp.url,
      APP_SECRET: secret,
      RUN_WORKER: 'false',
    });
    await saveEmailSettings(server, await server.user('admin'));
    people = await Promise.all(
      Array.from({ length: RECIPIENTS }, (_, n) =>
        server.user('team_member', { email: `site-${n}@trowel.test` }),
      ),
    );
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await server?.stop();
    await smtp?.close();
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const startWorker = () => {
    const worker = spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: ROOT, env, stdio: 'ignore' });
    workers.push(worker);
    return worker;
  };

  const mailJob = async () => {
    const [job] = await server.ctx.db.select().from(jobs).where(eq(jobs.type, NOTIFICATION_EMAIL_JOB));
    return job!;
  };

  it('is taken over when its lease ends, and each person gets the email once', async () => {
    await server.ctx.db.transaction(async (tx) => {
      await server.ctx.withDb(tx).notifications.create({
        type: 'other',
        title: 'Site closed on Friday',
        message: 'The site is closed on Friday for the inspection.',
        link: '/projects',
        recipientUsers: people.map((person) => person.id),
      });
    });

    const first = startWorker();
    const deadline = Date.now() + 20_000;
    while (smtp.messages.length < 8 && Date.now() < deadline) await sleep(10);
    expect(smtp.messages.length, 'emails sent before the kill').toBeGreaterThanOrEqual(8);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const sentBeforeKill = smtp.messages.length;
    expect(sentBeforeKill).toBeLessThan(RECIPIENTS);
    expect((await mailJob()).status).toBe('running');

    startWorker();
    while ((await mailJob()).status === 'running' && Date.now() < deadline + 20_000) await sleep(100);
    const job = await mailJob();
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(2);

    const perRecipient = new Map<string, number>();
    for (const mail of smtp.messages)
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const twice = [...perRecipient].filter(([, count]) => count > 1).map(([to]) => to);
    expect(twice, 'people who got the email twice').toEqual([]);
    // Those being sent at the moment of the kill may or may not have left: they are not sent again,
    // and the job says how many.
    const result = job.result as { sent: number; unconfirmed: number };
    expect(result.unconfirmed).toBeLessThanOrEqual(5);
    expect(perRecipient.size + result.unconfirmed).toBeGreaterThanOrEqual(RECIPIENTS);
    expect(perRecipient.size).toBeLessThanOrEqual(RECIPIENTS);
  });
});
