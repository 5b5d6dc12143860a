import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';
import { startPushReceiver, type PushReceiver, type TestDevice } from '../../../test/push-receiver.ts';
import { jobs } from '../../db/schema.ts';
import { NOTIFICATION_PUSH_JOB, PUSH_COLLAPSE_SECONDS } from '../../notices/push-jobs.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';
import { pushSubscriptions } from './push.tables.ts';

let receiver: PushReceiver;
let server: TestServer;
let pushed: TestUser, twoDevices: TestUser, pushOff: TestUser, noProjectUpdates: TestUser;
const devices = new Map<string, TestDevice[]>();

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, who: TestUser, payload?: object) =>
  server.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

async function subscribe(who: TestUser, count = 1) {
  for (let i = 0; i < count; i++) {
    const device = receiver.device();
    expect((await call('POST', '/api/push/subscriptions', who, device.subscription)).statusCode).toBe(201);
    devices.set(who.id, [...(devices.get(who.id) ?? []), device]);
  }
}

beforeAll(async () => {
  receiver = await startPushReceiver();
  server = await startTestServer({ PUSH_ENDPOINT_ALLOWLIST: receiver.origin });
  [pushed, twoDevices, pushOff, noProjectUpdates] = await Promise.all([
    server.user('team_member', { name: 'Pat Pushed' }),
    server.user('team_member', { name: 'Two Phones' }),
    server.user('team_member', { name: 'Push Off' }),
    server.user('team_member', { name: 'No Project Updates' }),
  ]);
  for (const who of [pushed, twoDevices, noProjectUpdates])
    expect(
      (await call('PUT', '/api/notifications/settings', who, { pushNotifications: true })).statusCode,
    ).toBe(200);
  expect(
    (await call('PUT', '/api/notifications/settings', noProjectUpdates, { projectUpdates: false }))
      .statusCode,
  ).toBe(200);
  await subscribe(pushed);
  await subscribe(twoDevices, 2);
  await subscribe(pushOff);
  await subscribe(noProjectUpdates);
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const received = (who: TestUser) => devices.get(who.id)!.flatMap((device) => device.received);

async function notify(
  notices: Array<{ type: 'task' | 'other'; title: string; link?: string }>,
  to: TestUser[],
) {
  await server.ctx.db.transaction(async (tx) => {
    for (const notice of notices)
      await server.ctx.withDb(tx).notifications.create({
        ...notice,
        message: `${notice.title}: the details`,
        recipientUsers: to.map((person) => person.id),
      });
  });
}

/** The collapse window is waited out by moving the queued push jobs' time forward, then they run. */
async function sendQueuedPushes() {
  await server.ctx.db
    .update(jobs)
    .set({ runAfter: sql`now()` })
    .where(and(eq(jobs.type, NOTIFICATION_PUSH_JOB), eq(jobs.status, 'queued')));
  await server.worker!.drain();
}

describe('push subscriptions', () => {
  it('gives the VAPID public key, the same on every call', async () => {
    const first = (await call('GET', '/api/push/public-key', pushed)).json<{ publicKey: string }>();
    const second = (await call('GET', '/api/push/public-key', pushOff)).json<{ publicKey: string }>();
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.publicKey).toBe(first.publicKey);
  });

  it('refuses an endpoint that is not a push service with 400, and saves nothing', async () => {
    const device = receiver.device();
    for (const endpoint of ['http://169.254.169.254/latest', 'https://internal.example/push', 'not a url']) {
      const response = await call('POST', '/api/push/subscriptions', pushed, {
        ...device.subscription,
        endpoint,
      });
      expect(response.statusCode).toBe(400);
    }
    const rows = await server.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, pushed.id));
    expect(rows).toHaveLength(1);
  });

  it('admits only the browsers push services by default', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', undefined)).toBe(true);
    expect(isAllowedPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x', undefined)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGx', undefined)).toBe(true);
    expect(isAllowedPushEndpoint('https://jmt17.google.com/fcm/send/abc', undefined)).toBe(true);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', undefined)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com.evil.test/x', undefined)).toBe(false);
    expect(isAllowedPushEndpoint('https://notify.windows.com.evil.test/x', undefined)).toBe(false);
    expect(isAllowedPushEndpoint('https://user:pw@fcm.googleapis.com/x', undefined)).toBe(false);
  });

  it('removes a device on DELETE, 404 for one that is not the caller’s', async () => {
    const device = receiver.device();
    expect((await call('POST', '/api/push/subscriptions', pushOff, device.subscription)).statusCode).toBe(
      201,
    );
    const body = { endpoint: device.subscription.endpoint };
    expect((await call('DELETE', '/api/push/subscriptions', pushed, body)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/push/subscriptions', pushOff, body)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/push/subscriptions', pushOff, body)).statusCode).toBe(404);
  });
});

describe('pushing notifications', () => {
  it('pushes each notice once to every device of the people who allow it, after the collapse window', async () => {
    const before = receiver.total();
    await notify(
      [{ type: 'task', title: 'Task assigned', link: '/projects/p1' }],
      [pushed, twoDevices, pushOff, noProjectUpdates],
    );
    const [job] = await server.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, NOTIFICATION_PUSH_JOB), eq(jobs.status, 'queued')));
    expect(job!.runAfter.getTime() - job!.createdAt.getTime()).toBeGreaterThanOrEqual(
      PUSH_COLLAPSE_SECONDS * 1000 - 1000,
    );
    await sendQueuedPushes();
    expect(receiver.total() - before).toBe(3);
    expect(received(pushed)).toEqual([
      {
        payload: {
          title: 'Task assigned',
          body: 'Task assigned: the details',
          link: '/projects/p1',
          tag: 'task',
        },
        topic: 'task',
        ttl: '86400',
      },
    ]);
    for (const device of devices.get(twoDevices.id)!) expect(device.received).toHaveLength(1);
    expect(received(pushOff)).toHaveLength(0);
    expect(received(noProjectUpdates)).toHaveLength(0);
  });

  it('sends system alerts to someone who turned project updates off', async () => {
    await notify([{ type: 'other', title: 'New sign-in' }], [noProjectUpdates]);
    await sendQueuedPushes();
    expect(received(noProjectUpdates).map((push) => push.payload)).toEqual([
      { title: 'New sign-in', body: 'New sign-in: the details', link: '/notifications', tag: 'other' },
    ]);
  });

  it('collapses a burst of one topic into one push, naming how many', async () => {
    // What was read before is not counted (in use, the window's earlier notices were never pushed).
    expect((await call('PUT', '/api/notifications/read-all', pushed)).statusCode).toBe(200);
    const before = received(pushed).length;
    await notify(
      [1, 2, 3, 4, 5].map((n) => ({ type: 'task' as const, title: `Task ${n}` })),
      [pushed],
    );
    await sendQueuedPushes();
    const burst = received(pushed).slice(before);
    expect(burst).toHaveLength(1);
    expect(burst[0]!.payload).toMatchObject({ title: expect.stringMatching(/^Task [1-5]$/), tag: 'task' });
    expect(burst[0]!.payload.body).toMatch(/: the details \(and 4 more\)$/);
  });

  it('removes a device its push service answers 410 for, and retries one that fails for now', async () => {
    const [gone, failing] = devices.get(twoDevices.id)!;
    gone!.answer = 410;
    failing!.answer = 503;
    await notify([{ type: 'task', title: 'Site visit' }], [twoDevices]);
    await sendQueuedPushes();
    const rows = await server.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, twoDevices.id));
    expect(rows.map((row) => row.endpoint)).toEqual([failing!.subscription.endpoint]);
    const [job] = await server.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, NOTIFICATION_PUSH_JOB), eq(jobs.status, 'queued')));
    expect(job!.attempts).toBe(1);
    expect(job!.payload).toMatchObject({ subscriptionIds: [rows[0]!.id] });
    failing!.answer = 201;
    await sendQueuedPushes();
    expect(failing!.received.at(-1)!.payload.title).toBe('Site visit');
    expect(gone!.received.map((push) => push.payload.title)).not.toContain('Site visit');
  });

  it('finds in a few lookups the notices a newer one of their window supersedes for everyone', async () => {
    const create = (title: string, to: TestUser[]) =>
      server.ctx.notifications.create({
        type: 'task',
        title,
        message: `${title}: the details`,
        recipientUsers: to.map((person) => person.id),
      });
    const older = await create('Older', [pushed, twoDevices]);
    const toBoth = await create('Newer, to both', [pushed, twoDevices]);
    const toOne = await create('Newest, to one', [pushed]);
    // The three in one collapse window an hour ago (apart from the other tests' notices), a second
    // apart, in the order they were written.
    const windowMs = PUSH_COLLAPSE_SECONDS * 1000;
    const window = Math.floor((Date.now() - 3_600_000) / windowMs) * windowMs;
    for (const [index, id] of [older, toBoth, toOne].entries()) {
      const at = new Date(window + (index + 1) * 1000).toISOString();
      await server.ctx.db.execute(sql`update notifications set created_at = ${at} where id = ${id}`);
      await server.ctx.db.execute(
        sql`update notification_recipients set created_at = ${at} where notification_id = ${id}`,
      );
    }
    const { supersededForEveryone, noticeFor } = server.ctx.pushBursts;
    const superseded = async (id: string, people: TestUser[]) =>
      Object.fromEntries(
        (
          await noticeFor(
            id,
            people.map((person) => person.id),
          )
        ).map((notice) => [notice.userId, notice.superseded]),
      );

    // Asked of the newest in the first person's feed: it reached the other too, neither read it.
    expect(await supersededForEveryone(older, [twoDevices.id, pushed.id])).toBe(true);
    // The first person's newest did not reach the other: nothing is said, the notice is asked person by person.
    expect(await supersededForEveryone(older, [pushed.id, twoDevices.id])).toBe(false);
    expect(await superseded(older, [pushed, twoDevices])).toEqual({
      [pushed.id]: true,
      [twoDevices.id]: true,
    });
    expect(await supersededForEveryone(toBoth, [pushed.id, twoDevices.id])).toBe(false);
    expect(await superseded(toBoth, [pushed, twoDevices])).toEqual({
      [pushed.id]: true,
      [twoDevices.id]: false,
    });
    expect(await supersededForEveryone(toOne, [pushed.id])).toBe(false);

    // A newer notice someone has read does not supersede an older one for them.
    await server.ctx.db.execute(
      sql`update notification_recipients set read_at = now() where notification_id = ${toBoth} and user_id = ${pushed.id}`,
    );
    expect(await supersededForEveryone(older, [twoDevices.id, pushed.id])).toBe(false);
    expect(await superseded(older, [pushed, twoDevices])).toEqual({
      [pushed.id]: true,
      [twoDevices.id]: true,
    });

    await server.ctx.db
      .delete(jobs)
      .where(
        and(
          eq(jobs.type, NOTIFICATION_PUSH_JOB),
          sql`${jobs.payload}->>'notificationId' in (${older}, ${toBoth}, ${toOne})`,
        ),
      );
  });
});
