import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@trowel/shared/auth/roles.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';

let server: TestServer;
let admin: TestUser, client: TestUser, otherClient: TestUser, lead: TestUser;
let completed: { id: string; title: string }, ongoing: { id: string }, othersProject: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, otherClient, lead] = await Promise.all([
    server.user('admin'),
    server.user('client', { name: 'Chioma Client' }),
    server.user('client'),
    server.user('project_lead'),
  ]);
  completed = await makeProject(server, { lead, client }, { status: 'completed', title: 'Lekki Villa' });
  ongoing = await makeProject(server, { lead, client }, { status: 'in_progress' });
  othersProject = await makeProject(server, { lead, client: otherClient }, { status: 'completed' });
});
afterAll(() => server.stop());

const post = (who: TestUser | null, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/api/testimonials',
    ...(who ? { headers: who.auth } : {}),
    payload: payload as object,
  });
const list = (who: TestUser, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/testimonials${query}`, headers: who.auth });

describe('testimonials', () => {
  it('are written by clients only: visitors 401, every other role 403', async () => {
    const body = { projectId: completed.id, rating: 5, text: 'Great work' };
    expect((await post(null, body)).statusCode).toBe(401);
    for (const role of ROLES.filter((role) => role !== 'client')) {
      const someone = role === 'admin' ? admin : await server.user(role);
      expect((await post(someone, body)).statusCode, role).toBe(403);
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/testimonials' })).statusCode).toBe(401);
  });

  it('refuse a rating outside 1 to 5, a fraction and a missing text with 400', async () => {
    for (const payload of [
      { projectId: completed.id, rating: 0, text: 'x' },
      { projectId: completed.id, rating: 6, text: 'x' },
      { projectId: completed.id, rating: 4.5, text: 'x' },
      { projectId: completed.id, rating: '5', text: 'x' },
      { projectId: completed.id, rating: 5, text: '   ' },
      { projectId: completed.id, rating: 5 },
      { rating: 5, text: 'x' },
    ]) {
      const response = await post(client, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await list(client)).json().testimonials).toEqual([]);
  });

  it('answer 404 for another client’s project and 409 for a project not completed', async () => {
    const foreign = await post(client, { projectId: othersProject.id, rating: 5, text: 'Nice' });
    expect(foreign.statusCode).toBe(404);
    const unknown = await post(client, {
      projectId: '00000000-0000-4000-8000-000000000000',
      rating: 5,
      text: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const open = await post(client, { projectId: ongoing.id, rating: 5, text: 'Not yet' });
    expect(open.statusCode).toBe(409);
  });

  it('are saved once per client and project, with the project title, author and time; admins are notified', async () => {
    const reviewable = await server.app.inject({
      method: 'GET',
      url: '/api/testimonials/reviewable-projects',
      headers: client.auth,
    });
    expect(reviewable.json().projects).toEqual([{ id: completed.id, title: 'Lekki Villa' }]);

    const created = await post(client, { projectId: completed.id, rating: 5, text: '  Superb finishing  ' });
    expect(created.statusCode).toBe(201);
    const { testimonial } = created.json();
    expect(testimonial).toMatchObject({
      projectId: completed.id,
      projectTitle: 'Lekki Villa',
      rating: 5,
      text: 'Superb finishing',
      author: 'Chioma Client',
      authorId: client.id,
    });
    expect(new Date(testimonial.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const again = await post(client, { projectId: completed.id, rating: 4, text: 'Second thoughts' });
    expect(again.statusCode).toBe(409);
    const afterwards = await server.app.inject({
      method: 'GET',
      url: '/api/testimonials/reviewable-projects',
      headers: client.auth,
    });
    expect(afterwards.json().projects).toEqual([]);

    const feed = (
      await server.app.inject({ method: 'GET', url: '/api/notifications', headers: admin.auth })
    ).json();
    expect(feed.notifications[0]).toMatchObject({
      type: 'testimonial',
      recipientRoles: ['admin'],
      projectId: completed.id,
    });
    expect(feed.notifications[0].message).toContain('5 stars');
  });

  it('are listed to admins in full (filterable by rating) and to anyone else as their own', async () => {
    const second = await makeProject(server, { lead, client: otherClient }, { status: 'completed' });
    expect((await post(otherClient, { projectId: second.id, rating: 3, text: 'Fine' })).statusCode).toBe(201);
    const all = (await list(admin)).json();
    expect(all.testimonials).toHaveLength(2);
    expect(all.pagination).toMatchObject({ totalItems: 2, currentPage: 1 });
    expect(
      (await list(admin, '?rating=3')).json().testimonials.map((t: { rating: number }) => t.rating),
    ).toEqual([3]);
    expect((await list(admin, '?rating=9')).statusCode).toBe(400);
    expect((await list(admin, '?limit=1')).json().pagination).toMatchObject({ totalPages: 2, hasNext: true });
    const own = (await list(client)).json();
    expect(own.testimonials.map((t: { authorId: string }) => t.authorId)).toEqual([client.id]);
    expect((await list(lead)).json().testimonials).toEqual([]);
  });
});
