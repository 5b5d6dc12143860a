import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { jobs } from '../db/schema.ts';
import { NOTIFICATION_EMAIL_JOB } from './email-jobs.ts';
import { queueEmail } from './mail-queue.ts';

const API_KEY = 'zm-notification-token-7788';
let smtp: TestSmtp;
let server: TestServer;
let admin: TestUser;
let everyone: TestUser, noEmail: TestUser, noProjectUpdates: TestUser, noSystemAlerts: TestUser;

beforeAll(async () => {
  smtp = await startTestSmtp({ password: API_KEY });
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://trowel.example.com' });
  admin = await server.user('admin');
  [everyone, noEmail, noProjectUpdates, noSystemAlerts] = await Promise.all([
    server.user('team_member', { name: 'Emeka Everything' }),
    server.user('team_member', { name: 'Ngozi No-Email' }),
    server.user('team_member', { name: 'Tunde No-Projects' }),
    server.user('team_member', { name: 'Sade No-Alerts' }),
  ]);
  const flags = async (who: TestUser, settings: Record<string, boolean>) =>
    expect(
      (
        await server.app.inject({
          method: 'PUT',
          url: '/api/notifications/settings',
          headers: who.auth,
          payload: settings,
        })
      ).statusCode,
    ).toBe(200);
  await flags(noEmail, { emailNotifications: false });
  await flags(noProjectUpdates, { projectUpdates: false });
  await flags(noSystemAlerts, { systemAlerts: false });
  const saved = await server.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/email/zeptomail',
    headers: admin.auth,
    payload: {
      zeptomail_api_key: API_KEY,
      zeptomail_from_email: 'notices@trowel.test',
      zeptomail_from_name: 'Trowel Notices',
    },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const people = () => [everyone, noEmail, noProjectUpdates, noSystemAlerts];
const recipientsOf = (subject: string) =>
  smtp.messages
    .filter((mail) => mail.subject === subject)
    .flatMap((mail) => mail.to)
    .sort();

async function notifyEveryone(type: 'task' | 'other', title: string) {
  await server.ctx.db.transaction(async (tx) => {
    await server.ctx.withDb(tx).notifications.create({
      type,
      title,
      message: `${title}: the details`,
      link: '/projects',
      recipientUsers: people().map((person) => person.id),
    });
  });
  await server.worker!.drain();
}

const mailJobs = () => server.ctx.db.select().from(jobs).where(eq(jobs.type, NOTIFICATION_EMAIL_JOB));

describe('notification emails', () => {
  it('go to the people whose flags allow them: project work under projectUpdates', async () => {
    const before = smtp.messages.length;
    await notifyEveryone('task', 'Columns poured');
    await smtp.waitFor(before + 2);
    await server.worker!.drain();
    expect(recipientsOf('Columns poured')).toEqual([everyone.email, noSystemAlerts.email].sort());
    const mail = smtp.messages.find((item) => item.subject === 'Columns poured')!;
    expect(mail.from).toEqual({ name: 'Trowel Notices', address: 'notices@trowel.test' });
    expect(mail.text).toContain('Columns poured: the details');
    expect(mail.text).toContain('https://trowel.example.com/projects');
    expect(mail.text).toContain('https://trowel.example.com/settings');
    expect(mail.html).toContain('href="https://trowel.example.com/projects"');
  });

  it('go under systemAlerts for account and security events', async () => {
    const before = smtp.messages.length;
    await notifyEveryone('other', 'Password policy changed');
    await smtp.waitFor(before + 2);
    await server.worker!.drain();
    expect(recipientsOf('Password policy changed')).toEqual([everyone.email, noProjectUpdates.email].sort());
  });

  it('are written with the notification: a change that rolls back emails nobody', async () => {
    const jobsBefore = (await mailJobs()).length;
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await server.ctx.withDb(tx).notifications.create({
          type: 'task',
          title: 'Never happened',
          message: 'rolled back',
          recipientUsers: [everyone.id],
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailJobs()).toHaveLength(jobsBefore);
  });

  it('queue no job when nobody wants the email', async () => {
    const jobsBefore = (await mailJobs()).length;
    await server.ctx.notifications.create({
      type: 'task',
      title: 'Only for the quiet one',
      message: 'no email wanted',
      recipientUsers: [noEmail.id],
    });
    expect(await mailJobs()).toHaveLength(jobsBefore);
  });

  it('leave through queueEmail in the caller’s transaction too', async () => {
    const before = smtp.messages.length;
    await server.ctx.db.transaction(async (tx) => {
      await queueEmail(server.ctx.withDb(tx), {
        to: 'vendor@trowel.test',
        subject: 'Your vendor account',
        text: 'Welcome',
      });
    });
    server.ctx.wakeWorker();
    const mail = (await smtp.waitFor(before + 1)).at(-1);
    expect(mail).toMatchObject({ subject: 'Your vendor account', to: ['vendor@trowel.test'] });
  });

  it('are retried with growing waits while the mail server fails, then recorded as failed; the notification stays', async () => {
    smtp.behaviour = { password: API_KEY, refuseWith: 451 };
    const before = smtp.messages.length;
    const id = await server.ctx.notifications.create({
      type: 'task',
      title: 'Slab cured',
      message: 'ready for the next floor',
      recipientUsers: [everyone.id],
    });
    const jobOf = async () =>
      (await mailJobs()).find((job) => (job.payload as { notificationId: string }).notificationId === id)!;
    let waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await server.worker!.drain();
      const job = await jobOf();
      expect(job.attempts).toBe(attempt);
      if (attempt < 5) {
        expect(job.status).toBe('queued');
        waits.push(job.runAfter.getTime() - job.updatedAt.getTime());
        // Time passes: the retry is due.
        await server.ctx.db.execute(sql`update jobs set run_after = now() where id = ${job.id}`);
        server.ctx.wakeWorker();
      } else {
        expect(job.status).toBe('failed');
        expect(job.error).toContain('451');
        expect(job.error).not.toContain(API_KEY);
      }
    }
    waits = waits.map((ms) => Math.round(ms / 1000));
    expect(waits).toEqual([30, 120, 480, 1920]);
    expect(smtp.messages).toHaveLength(before);
    const feed = await server.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: everyone.auth,
    });
    expect(feed.json().notifications.map((item: { id: string }) => item.id)).toContain(id);
    smtp.behaviour = { password: API_KEY };
  });
});

describe('notification emails where email is not configured', () => {
  it('end without sending, as skipped rather than failed, and the notification is there', async () => {
    const unconfigured = await startTestServer();
    try {
      const person = await unconfigured.user('team_member');
      expect(await unconfigured.ctx.mail.configured()).toBe(false);
      await unconfigured.ctx.db.transaction(async (tx) => {
        await unconfigured.ctx.withDb(tx).notifications.create({
          type: 'task',
          title: 'Roof inspection moved',
          message: 'Roof inspection moved to Friday',
          recipientUsers: [person.id],
        });
      });
      await unconfigured.worker!.drain();
      const queued = await unconfigured.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.type, NOTIFICATION_EMAIL_JOB));
      expect(queued.map((job) => [job.status, job.attempts, job.result, job.error])).toEqual([
        ['done', 1, { sent: 0, skipped: 'Email is not configured' }, null],
      ]);
      const feed = await unconfigured.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: person.auth,
      });
      expect(feed.json().notifications.map((item: { title: string }) => item.title)).toContain(
        'Roof inspection moved',
      );
    } finally {
      await unconfigured.stop();
    }
  });
});
