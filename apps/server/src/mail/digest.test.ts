import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { jobs } from '../db/schema.ts';
import { JOB_KINDS as jobKinds } from '../modules.ts';
import { queueRecurringJobs, startWorker } from '../jobs/worker.ts';
import { digestPeriodStart } from './digest.ts';

describe('digest periods', () => {
  it('start at 07:00 Lagos time (06:00 UTC), weekly ones on Monday', () => {
    const at = (iso: string) => new Date(iso);
    expect(digestPeriodStart('daily', at('2026-11-25T05:59:00Z')).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
    expect(digestPeriodStart('daily', at('2026-11-25T06:00:00Z')).toISOString()).toBe(
      '2026-11-25T06:00:00.000Z',
    );
    // 25 Nov 2026 is a Wednesday.
    expect(digestPeriodStart('weekly', at('2026-11-25T12:00:00Z')).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(digestPeriodStart('weekly', at('2026-11-23T05:00:00Z')).toISOString()).toBe(
      '2026-11-16T06:00:00.000Z',
    );
  });
});

describe('digest emails', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let daily: TestUser, weekly: TestUser, both: TestUser, none: TestUser, allRead: TestUser;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // No worker of the server's own: the test starts two, as two processes would run.
    server = await startTestServer({ SMTP_URL: smtp.url, RUN_WORKER: 'false' });
    const admin = await server.user('admin');
    [daily, weekly, both, none, allRead] = await Promise.all([
      server.user('team_member', { name: 'Dayo Daily' }),
      server.user('team_member', { name: 'Wale Weekly' }),
      server.user('team_member', { name: 'Bisi Both' }),
      server.user('team_member', { name: 'Nkem None' }),
      server.user('team_member', { name: 'Remi Read' }),
    ]);
    const set = (who: TestUser, settings: Record<string, boolean>) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/notifications/settings',
        headers: who.auth,
        payload: settings,
      });
    // Digests only: no email per notification.
    await set(daily, { dailyDigest: true, projectUpdates: false });
    await set(weekly, { weeklyReport: true, projectUpdates: false });
    await set(both, { dailyDigest: true, weeklyReport: true, projectUpdates: false });
    await set(none, { projectUpdates: false });
    await set(allRead, { dailyDigest: true, projectUpdates: false });
    await server.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/email/zeptomail',
      headers: admin.auth,
      payload: { zeptomail_from_email: 'digest@trowel.test', zeptomail_from_name: 'Trowel' },
    });
    for (const title of ['Roof trusses delivered', 'Plastering started', 'Site inspection booked'])
      await server.ctx.notifications.create({
        type: 'task',
        title,
        message: `${title} today`,
        link: '/projects',
        recipientUsers: [daily.id, weekly.id, both.id, none.id, allRead.id],
      });
    await server.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: allRead.auth });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it('are sent once per person and period with two workers running', async () => {
    const log = server.app.log;
    const workers = [startWorker(server.ctx, jobKinds, 2, log), startWorker(server.ctx, jobKinds, 2, log)];
    // Both workers queue the current periods as they start; the digests go out once.
    for (let round = 0; round < 3; round++) await Promise.all(workers.map((worker) => worker.drain()));
    await smtp.waitFor(4);
    // Asked again, by both at once, neither queues the period a second time.
    const again = await Promise.all(workers.map(() => queueRecurringJobs(server.ctx, jobKinds)));
    expect(again).toEqual([0, 0]);
    for (const worker of workers) await worker.drain();
    await Promise.all(workers.map((worker) => worker.stop()));

    const received = (email: string) =>
      smtp.messages
        .filter((mail) => mail.to.includes(email))
        .map((mail) => mail.subject)
        .sort();
    expect(received(daily.email)).toEqual(['Your daily digest: 3 unread notifications']);
    expect(received(weekly.email)).toEqual(['Your weekly report: 3 unread notifications']);
    expect(received(both.email)).toEqual([
      'Your daily digest: 3 unread notifications',
      'Your weekly report: 3 unread notifications',
    ]);
    expect(received(none.email)).toEqual([]);
    expect(received(allRead.email)).toEqual([]);
    expect(smtp.messages).toHaveLength(4);
    const mail = smtp.messages.find((item) => item.to.includes(daily.email))!;
    expect(mail.text).toContain('Hello Dayo Daily');
    expect(mail.text).toContain('Roof trusses delivered');
    expect(mail.text).toContain('Site inspection booked');

    const runs = await server.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'digest-daily'), like(jobs.singletonKey, 'digest-daily:%')));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('done');
  });
});
