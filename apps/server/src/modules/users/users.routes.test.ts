import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, STAFF_ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import sharp from 'sharp';
import {
  makeProject,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { multipart, type FormFile } from '../../../test/multipart.ts';

let server: TestServer;
const as: Partial<Record<Role, TestUser>> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) as[role] = await server.user(role);
});
afterAll(() => server.stop());

const actor = (role: Role) => as[role]!;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
  server.app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });

const newStaff = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kunle Ajayi',
  email: `kunle-${Math.random().toString(36).slice(2)}@trowel.test`,
  password: 'site-pass-1',
  role: 'team_member',
  phone: '+234 803 000 0000',
  location: 'Lagos',
  company: 'Trowel Construction Ltd',
  bio: '',
  ...overrides,
});

describe('access to people routes', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
    ['GET', '/api/users'],
    ['GET', '/api/users/staff'],
    ['GET', '/api/users/clients'],
    ['POST', '/api/users'],
    ['GET', `/api/users/${someId}`],
    ['PUT', `/api/users/${someId}`],
    ['DELETE', `/api/users/${someId}`],
    ['GET', `/api/users/${someId}/stats`],
    ['GET', `/api/users/${someId}/activity`],
    ['POST', `/api/users/${someId}/avatar`],
  ];
  it.each(routes)('%s %s answers 401 without a session', async (method, url) => {
    const response = await call(
      method,
      url,
      undefined,
      method === 'GET' || method === 'DELETE' ? undefined : {},
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it.each(['client', 'vendor'] as const)('a %s cannot list or read other users', async (role) => {
    for (const url of [
      '/api/users',
      '/api/users/staff',
      '/api/users/clients',
      `/api/users/${actor('admin').id}`,
    ]) {
      expect((await call('GET', url, actor(role))).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/users/${actor(role).id}`, actor(role))).statusCode).toBe(200);
  });

  const nonManagers = ROLES.filter((role) => role !== 'admin' && role !== 'project_manager');
  it.each(nonManagers)('a %s cannot create, edit or delete other users', async (role) => {
    const target = actor(role === 'team_member' ? 'architect' : 'team_member');
    expect((await call('POST', '/api/users', actor(role), newStaff())).statusCode).toBe(403);
    expect((await call('PUT', `/api/users/${target.id}`, actor(role), { name: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${target.id}`, actor(role))).statusCode).toBe(403);
  });

  it.each(STAFF_ROLES)('a %s may use the staff and client lookups', async (role) => {
    const response = await call('GET', '/api/users/staff?limit=100', actor(role));
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/users/staff and /api/users/clients', () => {
  it('paginates 10 by default with the pagination block', async () => {
    const response = await call('GET', '/api/users/staff', actor('admin'));
    const body = response.json();
    expect(body.pagination).toMatchObject({ currentPage: 1, itemsPerPage: 10 });
    expect(body.users.length).toBeLessThanOrEqual(10);
    expect(
      body.users.every((user: { role: string }) => (STAFF_ROLES as readonly string[]).includes(user.role)),
    ).toBe(true);
  });

  it('searches name and email case-insensitively and filters by role', async () => {
    const tag = `zq${Date.now()}`;
    await call(
      'POST',
      '/api/users',
      actor('admin'),
      newStaff({ name: `Ada ${tag.toUpperCase()}`, role: 'architect' }),
    );
    await call(
      'POST',
      '/api/users',
      actor('admin'),
      newStaff({ email: `${tag}@trowel.test`, role: 'team_member' }),
    );
    const both = (await call('GET', `/api/users/staff?search=${tag}`, actor('project_manager'))).json();
    expect(both.pagination.totalItems).toBe(2);
    const architects = (
      await call('GET', `/api/users/staff?search=${tag}&role=architect`, actor('project_manager'))
    ).json();
    expect(architects.users).toHaveLength(1);
    expect(architects.users[0].role).toBe('architect');
  });

  it('lists only clients on /users/clients', async () => {
    const body = (await call('GET', '/api/users/clients?limit=100', actor('admin'))).json();
    expect(body.users.length).toBeGreaterThan(0);
    expect(body.users.every((user: { role: string }) => user.role === 'client')).toBe(true);
  });

  it('kept pages follow a new person, profile edits, a role change and a deletion', async () => {
    const tag = `kept${Date.now()}`;
    const page = async (query = '', who = actor('project_manager')) => {
      const answer = await call('GET', `/api/users/staff?search=${tag}${query}`, who);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('application/json');
      return answer.json() as {
        users: Array<{ id: string; name: string; role: string; bio: string; avatar: string | null }>;
        pagination: { totalItems: number };
      };
    };
    expect((await page()).pagination.totalItems).toBe(0);
    expect((await page('&role=architect')).users).toHaveLength(0);

    const created = await call('POST', '/api/users', actor('admin'), newStaff({ name: `Kept ${tag}` }));
    expect(created.statusCode).toBe(201);
    const id = created.json().user.id as string;
    // The same page for another reader: kept once, answered to everyone who may list people.
    expect((await page('', actor('admin'))).users.map((user) => user.id)).toEqual([id]);
    expect((await page()).pagination.totalItems).toBe(1);

    await call('PUT', `/api/users/${id}`, actor('admin'), { bio: 'Site foreman' });
    expect((await page()).users[0]?.bio).toBe('Site foreman');

    await call('PUT', `/api/users/${id}`, actor('admin'), { role: 'architect' });
    expect((await page('&role=architect')).users.map((user) => user.id)).toEqual([id]);

    // Someone editing their own profile.
    const member = await server.user('team_member', { name: `Own ${tag}` });
    expect((await page()).pagination.totalItems).toBe(2);
    const own = await call('PUT', `/api/users/${member.id}`, member, { name: `Own ${tag} renamed` });
    expect(own.statusCode).toBe(200);
    expect((await page()).users.map((user) => user.name)).toContain(`Own ${tag} renamed`);

    expect((await call('DELETE', `/api/users/${id}`, actor('admin'))).statusCode).toBe(200);
    expect((await page()).users.map((user) => user.id)).toEqual([member.id]);
    expect((await page('&role=architect')).pagination.totalItems).toBe(0);
  });

  it('refuses a limit above 100 and a role outside the list', async () => {
    expect((await call('GET', '/api/users/staff?limit=101', actor('admin'))).statusCode).toBe(400);
    expect((await call('GET', '/api/users/staff?page=0', actor('admin'))).statusCode).toBe(400);
    expect((await call('GET', '/api/users/staff?role=client', actor('admin'))).statusCode).toBe(400);
  });
});

describe('POST /api/users', () => {
  it('creates a staff member who can then sign in', async () => {
    const input = newStaff();
    const response = await call('POST', '/api/users', actor('project_manager'), input);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ name: input.name, email: input.email, role: 'team_member' });
    expect(await server.login(input.email, input.password)).toBeTruthy();
  });

  it('names the missing or invalid field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ role: undefined }, /^Please select a role for the staff member\.$/],
      [{ name: '  ' }, /name/i],
      [{ email: 'not-an-email' }, /^Please enter a valid email address\.$/],
      [{ password: '12345' }, /^Password must be at least 6 characters long\.$/],
      [{ role: 'vendor' }, /role/i],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', '/api/users', actor('admin'), newStaff(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    }
  });

  it('refuses a duplicate email whatever its case with 409', async () => {
    const input = newStaff();
    expect((await call('POST', '/api/users', actor('admin'), input)).statusCode).toBe(201);
    const again = await call('POST', '/api/users', actor('admin'), {
      ...input,
      email: input.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      error: 'A user with this email already exists',
    });
  });

  it('refuses fields nobody may set', async () => {
    for (const extra of [{ id: 'x' }, { createdAt: '2020-01-01' }, { avatar: '/x.png' }]) {
      const response = await call('POST', '/api/users', actor('admin'), newStaff(extra));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('cannot be set');
    }
  });

  it('lets only an administrator create an administrator', async () => {
    expect(
      (await call('POST', '/api/users', actor('project_manager'), newStaff({ role: 'admin' }))).statusCode,
    ).toBe(403);
    expect((await call('POST', '/api/users', actor('admin'), newStaff({ role: 'admin' }))).statusCode).toBe(
      201,
    );
  });
});

describe('PUT /api/users/:id', () => {
  it('lets every user update their own profile fields but not their role', async () => {
    const client = await server.user('client');
    const ok = await call('PUT', `/api/users/${client.id}`, client, {
      name: 'Tobi Ade',
      bio: 'Lekki',
      phone: '',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ name: 'Tobi Ade', bio: 'Lekki', role: 'client' });
    const sameRole = await call('PUT', `/api/users/${client.id}`, client, { role: 'client' });
    expect(sameRole.statusCode).toBe(200);
    const escalate = await call('PUT', `/api/users/${client.id}`, client, { role: 'admin' });
    expect(escalate.statusCode).toBe(400);
    expect((await call('GET', `/api/users/${client.id}`, client)).json().user.role).toBe('client');
    const sneaky = await call('PUT', `/api/users/${client.id}`, client, { id: actor('admin').id });
    expect(sneaky.statusCode).toBe(400);
  });

  it('keeps the password when the field is blank and sets it when given', async () => {
    const member = await server.user('team_member');
    expect(
      (await call('PUT', `/api/users/${member.id}`, actor('admin'), { password: '', location: 'Ikeja' }))
        .statusCode,
    ).toBe(200);
    expect(await server.login(member.email, TEST_PASSWORD)).toBeTruthy();
    expect(
      (await call('PUT', `/api/users/${member.id}`, actor('admin'), { password: 'reset-by-admin' }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/auth/me', member)).statusCode).toBe(401);
    expect(await server.login(member.email, 'reset-by-admin')).toBeTruthy();
  });

  it('changes a staff role and logs nothing secret', async () => {
    const member = await server.user('team_member');
    const response = await call('PUT', `/api/users/${member.id}`, actor('project_manager'), {
      role: 'project_lead',
    });
    expect(response.json().user.role).toBe('project_lead');
    const toClient = await call('PUT', `/api/users/${member.id}`, actor('project_manager'), {
      role: 'client',
    });
    expect(toClient.statusCode).toBe(400);
  });

  it('stops a project manager from editing an administrator', async () => {
    expect(
      (await call('PUT', `/api/users/${actor('admin').id}`, actor('project_manager'), { bio: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 409 for an email another user has', async () => {
    const member = await server.user('team_member');
    const response = await call('PUT', `/api/users/${member.id}`, actor('admin'), {
      email: actor('architect').email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
  });

  it('answers 404 for an unknown user, whatever the shape of its id', async () => {
    expect(
      (await call('PUT', '/api/users/00000000-0000-4000-8000-000000000000', actor('admin'), { bio: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/users/not-an-id', actor('admin'))).statusCode).toBe(404);
    expect((await call('GET', '/api/users/not-an-id/stats', actor('admin'))).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes a user who owns no records: 404 afterwards, sign-in refused, session dead', async () => {
    const member = await server.user('team_member');
    const response = await call('DELETE', `/api/users/${member.id}`, actor('project_manager'));
    expect(response.statusCode).toBe(200);
    expect(response.json().deactivated).toBe(false);
    expect((await call('GET', `/api/users/${member.id}`, actor('admin'))).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/me', member)).statusCode).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('deactivates a user referenced by other records and keeps those records', async () => {
    const member = await server.user('team_member');
    await server.ctx.db.execute(
      sql`create table if not exists test_records (id serial primary key, author_id uuid not null references users(id))`,
    );
    await server.ctx.db.execute(sql`insert into test_records (author_id) values (${member.id})`);
    const response = await call('DELETE', `/api/users/${member.id}`, actor('admin'));
    expect(response.statusCode).toBe(200);
    expect(response.json().deactivated).toBe(true);
    expect((await call('GET', '/api/auth/me', member)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${member.id}`, actor('admin'))).statusCode).toBe(404);
    const listed = (
      await call('GET', `/api/users/staff?search=${encodeURIComponent(member.email)}`, actor('admin'))
    ).json();
    expect(listed.pagination.totalItems).toBe(0);
    const kept = await server.ctx.db.execute(
      sql`select count(*)::int as n from test_records where author_id = ${member.id}`,
    );
    expect((kept as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    // The email is free again for a new account.
    expect(
      (await call('POST', '/api/users', actor('admin'), newStaff({ email: member.email }))).statusCode,
    ).toBe(201);
  });

  it('refuses deleting yourself', async () => {
    expect((await call('DELETE', `/api/users/${actor('admin').id}`, actor('admin'))).statusCode).toBe(409);
  });
});

describe('stats and activity', () => {
  it('answers zero figures for someone who has done nothing yet, and their account events', async () => {
    const member = await server.user('team_member');
    await call('PUT', `/api/users/${member.id}`, member, { bio: 'Concrete works' });
    const stats = await call('GET', `/api/users/${member.id}/stats`, member);
    expect(stats.json().stats).toEqual({
      projectsCount: 0,
      updatesCount: 0,
      mediaFilesCount: 0,
      completionRate: 0,
    });
    const activity = await call('GET', `/api/users/${member.id}/activity`, member);
    expect(activity.json().activities[0]).toMatchObject({ type: 'profile', description: 'Updated profile' });
  });

  it('counts the projects a person leads, works on or is the client of, their logs and their media', async () => {
    const [lead, member, client, other] = await Promise.all([
      server.user('project_lead'),
      server.user('team_member'),
      server.user('client'),
      server.user('client'),
    ]);
    const done = await makeProject(server, { lead, client, team: [member] }, { status: 'completed' });
    const running = await makeProject(server, { lead, client: other, team: [member] }, { title: 'Tower B' });
    await makeProject(server, { lead, client }, { status: 'on_hold' });
    const form = (fields: Record<string, string>, files: FormFile[] = [], field = 'files') =>
      multipart(files, field, fields);
    const send = (url: string, who: TestUser, body: ReturnType<typeof form>) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { ...who.auth, 'content-type': body.contentType },
        payload: body.payload,
      });
    for (const title of ['Slab cast', 'Rebar check']) {
      const posted = await send(
        '/api/daily-logs',
        member,
        form({ projectId: running.id, title, message: 'Poured the first floor slab' }),
      );
      expect(posted.statusCode, posted.body).toBe(201);
    }
    const log = (
      await send(
        '/api/daily-logs',
        lead,
        form({ projectId: done.id, title: 'Handover', message: 'Keys given' }),
      )
    ).json().dailyLog;
    expect(
      (await send(`/api/daily-logs/${log.id}/replies`, member, form({ message: 'Seen' }))).statusCode,
    ).toBe(201);
    const photo = {
      name: 'columns.jpg',
      type: 'image/jpeg',
      content: await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0ea5e9' } })
        .jpeg()
        .toBuffer(),
    };
    const uploaded = await send(
      '/api/media/upload-batch',
      member,
      form({ projectId: running.id, description: 'Level 3 columns' }, [photo, { ...photo, name: 'b.jpg' }]),
    );
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);

    const statsOf = async (who: TestUser) =>
      (await call('GET', `/api/users/${who.id}/stats`, actor('admin'))).json().stats;
    expect(await statsOf(member)).toEqual({
      projectsCount: 2,
      updatesCount: 2,
      mediaFilesCount: 2,
      completionRate: 50,
    });
    expect(await statsOf(lead)).toEqual({
      projectsCount: 3,
      updatesCount: 1,
      mediaFilesCount: 0,
      completionRate: 33,
    });
    expect(await statsOf(client)).toMatchObject({ projectsCount: 2, completionRate: 50 });
    expect(await statsOf(other)).toMatchObject({ projectsCount: 1, completionRate: 0 });

    const activity = (await call('GET', `/api/users/${member.id}/activity`, member)).json().activities;
    const types = activity.map((item: { type: string }) => item.type);
    expect(types).toEqual(expect.arrayContaining(['log', 'reply', 'media']));
    expect(activity.find((item: { type: string }) => item.type === 'reply').description).toContain(
      'Handover',
    );
  });

  it('hides other people’s activity from non-managers', async () => {
    expect(
      (await call('GET', `/api/users/${actor('admin').id}/activity`, actor('team_member'))).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/users/${actor('admin').id}/activity`, actor('client'))).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/users/${actor('admin').id}/stats`, actor('client'))).statusCode).toBe(
      403,
    );
  });
});
