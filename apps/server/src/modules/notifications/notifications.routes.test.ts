import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES } from '@trowel/shared/notifications/notification.schemas.ts';
import type { NewNotification } from '../../notices/notices.repository.ts';

let server: TestServer;
let admin: TestUser, secondAdmin: TestUser, engineer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, secondAdmin, engineer] = await Promise.all([
    server.user('admin'),
    server.user('admin'),
    server.user('team_member'),
  ]);
});
afterAll(() => server.stop());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who?: TestUser) =>
  server.app.inject({ method, url, ...(who ? { headers: who.auth } : {}) });

/** As a feature does: the notification is written, then the change is published. */
async function notify(input: NewNotification) {
  const id = await server.ctx.notifications.create(input);
  await server.ctx.invalidate({ kind: 'projects' });
  return id;
}

const notifyAdmins = (title: string) =>
  notify({ type: 'other', title, message: `${title} happened`, recipientRoles: ['admin'] });

const titlesOf = async (who: TestUser, query = '') =>
  (await call('GET', `/api/notifications${query}`, who))
    .json()
    .notifications.map((item: { title: string }) => item.title) as string[];

describe('notifications', () => {
  it('need a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/read-all'],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });

  it('reach users by role and by id, newest first, with an unread count', async () => {
    await notifyAdmins('Older');
    await notify({
      type: 'task',
      title: 'Direct',
      message: 'for you',
      recipientUsers: [engineer.id],
    });
    await notifyAdmins('Newer');
    const feed = (await call('GET', '/api/notifications', admin)).json();
    expect(feed.notifications.map((item: { title: string }) => item.title)).toEqual(['Newer', 'Older']);
    expect(feed.unreadCount).toBe(2);
    expect(feed.notifications[0]).toMatchObject({ read: false, isRead: false, type: 'other' });
    const mine = (await call('GET', '/api/notifications', engineer)).json();
    expect(mine.notifications.map((item: { title: string }) => item.title)).toEqual(['Direct']);
  });

  it('reach the administrators when nobody else is named (recipient roles default to admin)', async () => {
    await notify({ type: 'material', title: 'Nobody named', message: 'no lead', recipientUsers: [null] });
    expect(await titlesOf(admin)).toContain('Nobody named');
    expect(await titlesOf(secondAdmin)).toContain('Nobody named');
    expect(await titlesOf(engineer)).not.toContain('Nobody named');
  });

  it('keep read state per user and never let one user touch another’s', async () => {
    const id = await notifyAdmins('Shared');
    expect((await call('PUT', `/api/notifications/${id}/read`, admin)).statusCode).toBe(200);
    const adminItem = (await call('GET', '/api/notifications', admin))
      .json()
      .notifications.find((item: { id: string }) => item.id === id);
    const otherItem = (await call('GET', '/api/notifications', secondAdmin))
      .json()
      .notifications.find((item: { id: string }) => item.id === id);
    expect(adminItem.read).toBe(true);
    expect(otherItem.read).toBe(false);
    expect((await call('PUT', `/api/notifications/${id}/read`, engineer)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/${id}`, engineer)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/${id}`, secondAdmin)).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/notifications', admin))
        .json()
        .notifications.some((item: { id: string }) => item.id === id),
    ).toBe(true);
  });

  it('answer every type with recipientRoles and recipientUsers as sent; an unknown id is 404 on read and delete', async () => {
    for (const type of NOTIFICATION_TYPES) {
      await notify({
        type,
        title: `A ${type} notification`,
        message: 'm',
        recipientRoles: ['admin'],
        recipientUsers: [engineer.id],
      });
    }
    const feed = (await call('GET', '/api/notifications?limit=100', engineer)).json();
    const ofTypes = feed.notifications.filter((item: { title: string }) =>
      item.title.endsWith(' notification'),
    );
    expect(ofTypes.map((item: { type: string }) => item.type).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const item of ofTypes)
      expect(item).toMatchObject({ recipientRoles: ['admin'], recipientUsers: [engineer.id] });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('PUT', `/api/notifications/${unknown}/read`, engineer)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/${unknown}`, engineer)).statusCode).toBe(404);
    expect((await call('PUT', '/api/notifications/not-an-id/read', engineer)).statusCode).toBe(404);
  });

  it('mark all as read', async () => {
    await notifyAdmins('One');
    await notifyAdmins('Two');
    expect(
      (await call('GET', '/api/notifications/unread-count', secondAdmin)).json().unreadCount,
    ).toBeGreaterThan(0);
    await call('PUT', '/api/notifications/read-all', secondAdmin);
    expect((await call('GET', '/api/notifications/unread-count', secondAdmin)).json().unreadCount).toBe(0);
  });

  it('keep totals that agree with the rows through reads, removals and a project delete', async () => {
    const person = await server.user('admin');
    const totalsOf = async () => {
      const feed = (await call('GET', '/api/notifications?limit=100', person)).json();
      return {
        total: feed.pagination.totalItems,
        unread: feed.unreadCount,
        rows: feed.notifications.length,
        unreadRows: feed.notifications.filter((item: { read: boolean }) => !item.read).length,
      };
    };
    const expectConsistent = async (total: number, unread: number) => {
      expect(await totalsOf()).toEqual({ total, unread, rows: total, unreadRows: unread });
    };
    const project = await makeProject(server, {
      lead: await server.user('project_lead'),
      client: await server.user('client'),
    });
    const first = await notifyAdmins('First');
    await notifyAdmins('Second');
    await notify({
      type: 'project',
      title: 'About the project',
      message: 'goes with it',
      projectId: project.id,
      recipientUsers: [person.id],
    });
    await expectConsistent(3, 3);
    await call('PUT', `/api/notifications/${first}/read`, person);
    await call('PUT', `/api/notifications/${first}/read`, person);
    await expectConsistent(3, 2);
    await call('DELETE', `/api/notifications/${first}`, person);
    await expectConsistent(2, 2);
    expect((await call('DELETE', `/api/projects/${project.id}`, admin)).statusCode).toBe(200);
    await expectConsistent(1, 1);
    await call('PUT', '/api/notifications/read-all', person);
    await expectConsistent(1, 0);
  });

  it('keep pages that follow reads, removals and the notifications a phase change sends', async () => {
    const person = await server.user('admin');
    const lead = await server.user('project_lead');
    const project = await makeProject(server, { lead, client: await server.user('client') });
    const kept = await notify({ type: 'other', title: 'Kept', message: 'm', recipientUsers: [person.id] });
    expect(await titlesOf(person)).toEqual(['Kept']);
    expect(await titlesOf(person, '?unreadOnly=true')).toEqual(['Kept']);

    await call('PUT', `/api/notifications/${kept}/read`, person);
    expect(await titlesOf(person, '?unreadOnly=true')).toEqual([]);
    expect(await titlesOf(person)).toEqual(['Kept']);
    const added = await server.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/phases`,
      headers: lead.auth,
      payload: { name: 'Roofing' },
    });
    expect(added.statusCode).toBe(201);
    const afterPhase = await titlesOf(person);
    expect(afterPhase).toHaveLength(2);
    expect(afterPhase[1]).toBe('Kept');
    await call('PUT', '/api/notifications/read-all', person);
    expect(await titlesOf(person, '?unreadOnly=true')).toEqual([]);
    await call('DELETE', `/api/notifications/${kept}`, person);
    expect(await titlesOf(person)).toEqual(afterPhase.slice(0, 1));
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('notification totals on PostgreSQL', () => {
  /** Connections of their own, on backends whose counter slots (pid modulo 16) differ. */
  async function connectionsInDistinctSlots(count: number) {
    const kept = new Map<number, pg.Client>();
    const extra: pg.Client[] = [];
    while (kept.size < count) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`set search_path to ${server.pgSchema}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const slot = rows[0]!.pid % 16;
      if (kept.has(slot)) extra.push(client);
      else kept.set(slot, client);
    }
    await Promise.all(extra.map((client) => client.end()));
    return [...kept.values()];
  }

  it('let two transactions notify the same person at once without one waiting for the other', async () => {
    const person = await server.user('team_member');
    const [first, second] = await connectionsInDistinctSlots(2);
    const notifyPerson = (client: pg.Client, title: string) =>
      client.query(
        `with created as (insert into notifications (type, title, message) values ('other', $2, 'm') returning id)
        insert into notification_recipients (notification_id, user_id) select id, $1 from created`,
        [person.id, title],
      );
    try {
      await first!.query('begin');
      await notifyPerson(first!, 'First');
      await second!.query('begin');
      // With one counter row per person, this would wait for the first transaction to end.
      await second!.query(`set local lock_timeout = '2s'`);
      await notifyPerson(second!, 'Second');
      await second!.query('commit');
      await first!.query('commit');
    } finally {
      await Promise.all([first!.end(), second!.end()]);
    }
    await server.ctx.invalidate({ kind: 'notifications' });
    const feed = (await call('GET', '/api/notifications', person)).json();
    expect(feed.pagination.totalItems).toBe(2);
    expect(feed.unreadCount).toBe(2);
    const rows = await server.ctx.db.execute(
      sql`select count(*)::int as slots from notification_counters where user_id = ${person.id}`,
    );
    expect((rows as unknown as { rows: { slots: number }[] }).rows[0]!.slots).toBe(2);
    await call('PUT', '/api/notifications/read-all', person);
    const after = (await call('GET', '/api/notifications', person)).json();
    expect({ total: after.pagination.totalItems, unread: after.unreadCount }).toEqual({
      total: 2,
      unread: 0,
    });
  });
});
