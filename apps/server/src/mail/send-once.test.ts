import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { saveEmailSettings, startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import type { Db } from '../db/client.ts';
import { jobs, mailSends, type MailSendStatus } from '../db/schema.ts';
import { EMAIL_JOB, queueEmail } from './mail-queue.ts';
import { NOTIFICATION_EMAIL_JOB } from './email-jobs.ts';

// A job whose worker died part way is run again (its lease ran out): what the dead run marked as sent
// or as leaving is not sent again. bench/faults.ts and test/faults-worker-kill.test.ts kill a real worker.
let smtp: TestSmtp;
let server: TestServer;
let people: TestUser[];

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await saveEmailSettings(server, await server.user('admin'));
  people = await Promise.all([1, 2, 3].map(() => server.user('team_member')));
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const received = (subject: string) =>
  smtp.messages
    .filter((mail) => mail.subject === subject)
    .flatMap((mail) => mail.to)
    .sort();

/**
 * The newest job of `type`, left as a run that died would leave it: claimed, its lease run out, these
 * marks written. Done in the transaction that queued it, so the worker cannot take it before.
 */
async function interruptedIn(
  tx: Db,
  type: string,
  marks: Array<{ recipient: string; status: MailSendStatus }>,
) {
  const [job] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.type, type))
    .orderBy(desc(jobs.id))
    .limit(1);
  const jobId = job!.id;
  await tx
    .update(jobs)
    .set({ status: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, jobId));
  if (marks.length) await tx.insert(mailSends).values(marks.map((mark) => ({ jobId, ...mark })));
  return jobId;
}

const jobById = async (id: number) => (await server.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

async function runJobs() {
  server.ctx.wakeWorker();
  await server.worker!.drain();
}

describe('a mail job run again after its worker died', () => {
  it('sends a notification only to those the dead run had not marked', async () => {
    const [sent, leaving, untouched] = people as [TestUser, TestUser, TestUser];
    let jobId = 0;
    await server.ctx.db.transaction(async (tx) => {
      await server.ctx.withDb(tx).notifications.create({
        type: 'other',
        title: 'Crane inspection',
        message: 'The crane is inspected on Monday.',
        recipientUsers: people.map((person) => person.id),
      });
      jobId = await interruptedIn(tx, NOTIFICATION_EMAIL_JOB, [
        { recipient: sent.id, status: 'sent' },
        { recipient: leaving.id, status: 'sending' },
      ]);
    });
    await runJobs();

    expect(received('Crane inspection')).toEqual([untouched.email]);
    const job = await jobById(jobId);
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(2);
    expect(job.result).toEqual({ sent: 1, sentBefore: 1, unconfirmed: 1, refused: 0 });
  });

  it('does not send a single email the dead run was sending, and says so', async () => {
    let jobId = 0;
    await server.ctx.db.transaction(async (tx) => {
      await queueEmail(server.ctx.withDb(tx), {
        to: 'once@trowel.test',
        subject: 'Your account',
        text: 'Hi',
      });
      jobId = await interruptedIn(tx, EMAIL_JOB, [{ recipient: 'once@trowel.test', status: 'sending' }]);
    });
    await runJobs();
    expect(received('Your account')).toEqual([]);
    const job = await jobById(jobId);
    expect(job.status).toBe('done');
    expect(job.result).toEqual({ sent: 0, unconfirmed: 1 });
  });

  it('sends again what failed: a refused send leaves no mark', async () => {
    smtp.behaviour = { refuseWith: 451 };
    const id = await server.ctx.notifications.create({
      type: 'other',
      title: 'Delivery delayed',
      message: 'The cement arrives on Tuesday.',
      recipientUsers: [people[0]!.id],
    });
    await runJobs();
    const [job] = await server.ctx.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'notificationId' = ${id}`);
    expect(job!.status).toBe('queued');
    expect(await server.ctx.db.select().from(mailSends).where(eq(mailSends.jobId, job!.id))).toEqual([]);

    smtp.behaviour = {};
    await server.ctx.db.execute(sql`update jobs set run_after = now() where id = ${job!.id}`);
    await runJobs();
    expect(received('Delivery delayed')).toEqual([people[0]!.email]);
  });
});
