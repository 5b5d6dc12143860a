import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startTestServer, type TestServer } from './harness.ts';

// Two API processes on one PostgreSQL database: a change made through one takes effect in the other at once.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('signed-in user cache across processes', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({}, first.pgSchema);
  });
  afterAll(async () => {
    await second.stop();
    await first.stop();
  });

  const me = (server: TestServer, token: string) =>
    server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

  async function eventually(check: () => Promise<boolean>) {
    for (let attempt = 0; attempt < 40; attempt++) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  it('logout in one process ends the session in the other', async () => {
    const user = await first.user('team_member');
    expect((await me(second, user.token)).statusCode).toBe(200);
    await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(await eventually(async () => (await me(second, user.token)).statusCode === 401)).toBe(true);
  });

  it('a profile change made through one process shows in the other', async () => {
    const user = await first.user('team_member');
    expect((await me(second, user.token)).json().user.bio).toBe('');
    await first.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: user.auth,
      payload: { bio: 'Rebar specialist' },
    });
    expect(
      await eventually(async () => (await me(second, user.token)).json().user.bio === 'Rebar specialist'),
    ).toBe(true);
  });

  it("a budget step taken through one process shows in the other's kept lists", async () => {
    const admin = await first.user('admin');
    const project = await makeProject(first, {
      lead: await first.user('project_lead'),
      client: await first.user('client'),
    });
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: admin.auth,
      payload: {
        projectId: project.id,
        items: [{ description: 'Sand', quantity: 2, unitPrice: 500 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = `/api/budgets/project/${project.id}`;
    const statusIn = async (server: TestServer) =>
      (await server.app.inject({ method: 'GET', url: list, headers: admin.auth })).json().budgets[0].status;
    expect(await statusIn(second)).toBe('pending_admin');
    const approved = await first.app.inject({
      method: 'POST',
      url: `/api/budgets/${created.json().budget.id}/approve`,
      headers: admin.auth,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await eventually(async () => (await statusIn(second)) === 'approved')).toBe(true);
  });

  it('changes published together reach the other process in one notice, each once, and not their own', async () => {
    const seen = { first: [] as string[], second: [] as string[] };
    first.ctx.bus.subscribe((event) => seen.first.push(event.kind));
    second.ctx.bus.subscribe((event) => seen.second.push(event.kind));
    await Promise.all([
      first.ctx.invalidate({ kind: 'stores' }),
      first.ctx.invalidate({ kind: 'stores' }),
      first.ctx.invalidate({ kind: 'procurement' }),
    ]);
    expect(await eventually(async () => seen.second.length >= 2)).toBe(true);
    // Notices reach each listener in the order they were sent: once the first process has this
    // later one, its own notice has come back to it too, and was skipped.
    await second.ctx.invalidate({ kind: 'settings' });
    expect(await eventually(async () => seen.first.includes('settings'))).toBe(true);
    expect(seen.first).toEqual(['stores', 'stores', 'procurement', 'settings']);
    expect(seen.second).toEqual(['stores', 'procurement', 'settings']);
  });

  it('deleting a user in one process stops their session in the other', async () => {
    const admin = await first.user('admin');
    const user = await first.user('team_member');
    expect((await me(second, user.token)).statusCode).toBe(200);
    await first.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: admin.auth });
    expect(await eventually(async () => (await me(second, user.token)).statusCode === 401)).toBe(true);
  });
});

describe('signed-in user cache in one process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('serves a profile change at once', async () => {
    const user = await server.user('architect');
    await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    await server.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: user.auth,
      payload: { location: 'Jos' },
    });
    const after = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(after.json().user.location).toBe('Jos');
  });
});
