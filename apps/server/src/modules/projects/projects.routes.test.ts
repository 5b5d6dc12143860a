import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';

let server: TestServer;
const as = {} as Record<Role, TestUser>;
let otherClient: TestUser;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) as[role] = await server.user(role);
  otherClient = await server.user('client');
  project = await makeProject(server, {
    lead: as.project_lead,
    client: as.client,
    assignee: as.team_member,
    team: [as.team_member],
  });
});
afterAll(() => server.stop());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: TestUser, payload?: object) =>
  server.app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });

const newProject = (overrides: Record<string, unknown> = {}) => ({
  title: 'Yaba Tech Hub',
  description: 'Four floors of offices',
  location: 'Yaba, Lagos',
  category: 'Commercial',
  startDate: '2026-12-01',
  endDate: '2027-12-01',
  budget: 250_000_000,
  projectLeadId: as.project_lead.id,
  clientId: as.client.id,
  teamMemberIds: [as.team_member.id],
  ...overrides,
});

describe('access', () => {
  it.each([
    ['GET', '/api/projects'],
    ['POST', '/api/projects'],
    ['GET', '/api/projects/dashboard-stats'],
    ['GET', '/api/projects/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s needs a session', async (method, url) => {
    expect((await call(method, url, undefined, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
  });

  it.each(ROLES.map((role) => [role, ['admin', 'project_manager', 'architect'].includes(role)] as const))(
    'create as %s allowed: %s',
    async (role, allowed) => {
      const response = await call('POST', '/api/projects', as[role], newProject({ title: `By ${role}` }));
      expect(response.statusCode).toBe(allowed ? 201 : 403);
    },
  );

  it.each(ROLES.map((role) => [role, ['admin', 'project_manager'].includes(role)] as const))(
    'delete as %s allowed: %s',
    async (role, allowed) => {
      const victim = await makeProject(server, { lead: as.project_lead, client: as.client });
      const response = await call('DELETE', `/api/projects/${victim.id}`, as[role]);
      expect(response.statusCode).toBe(allowed ? 200 : 403);
    },
  );

  it('lets editors edit and refuses others; a lead only their own project', async () => {
    const editors: Role[] = ['admin', 'project_manager', 'quantity_surveyor', 'accountant', 'project_lead'];
    for (const role of ROLES) {
      const response = await call('PUT', `/api/projects/${project.id}`, as[role], {
        description: `Edited by ${role}`,
      });
      const expected = editors.includes(role)
        ? 200
        : role === 'vendor' || role === 'client'
          ? role === 'client'
            ? 403
            : 404
          : 403;
      expect(response.statusCode, role).toBe(expected);
    }
    const otherLead = await server.user('project_lead');
    expect(
      (await call('PUT', `/api/projects/${project.id}`, otherLead, { description: 'x' })).statusCode,
    ).toBe(403);
    // Refused before the body is looked at: an invalid body or an unknown client still answers 403.
    for (const body of [{ budget: 'lots' }, { clientId: '00000000-0000-4000-8000-000000000000' }]) {
      expect((await call('PUT', `/api/projects/${project.id}`, otherLead, body)).statusCode).toBe(403);
      expect((await call('PUT', `/api/projects/${project.id}`, as.client, body)).statusCode).toBe(403);
      expect((await call('PUT', `/api/projects/${project.id}`, as.vendor, body)).statusCode).toBe(404);
    }
  });
});

describe('client visibility', () => {
  it('a client sees only their own projects, with the project value instead of the budget', async () => {
    const foreign = await makeProject(
      server,
      { lead: as.project_lead, client: otherClient },
      { title: 'Foreign Tower' },
    );
    const mine = (await call('GET', '/api/projects?limit=100', as.client)).json();
    expect(mine.projects.length).toBeGreaterThan(0);
    expect(mine.projects.every((item: { clientId: string }) => item.clientId === as.client.id)).toBe(true);
    expect(mine.projects[0].budget).toBeNull();
    // No financials recorded: no value, and never the budget in its place.
    expect(mine.projects[0].projectValue).toBeNull();
    expect((await call('GET', `/api/projects/${foreign.id}`, as.client)).statusCode).toBe(404);
    const search = (await call('GET', '/api/projects?search=Foreign', as.client)).json();
    expect(search.pagination.totalItems).toBe(0);
    expect(
      (await call('POST', `/api/projects/${foreign.id}/phases`, as.client, { name: 'Roof' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'PUT',
          `/api/projects/${foreign.id}/phases/${foreign.phaseId}/tasks/${foreign.taskId}`,
          as.client,
          { notes: 'x' },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('vendors see no projects', async () => {
    expect((await call('GET', '/api/projects', as.vendor)).json().pagination.totalItems).toBe(0);
    expect((await call('GET', `/api/projects/${project.id}`, as.vendor)).statusCode).toBe(404);
  });

  it('dashboard stats come in the client shape for clients', async () => {
    const stats = (await call('GET', '/api/projects/dashboard-stats', as.client)).json().stats;
    expect(stats).toHaveProperty('totalProjectValue');
    expect(stats).not.toHaveProperty('totalBudget');
    const staff = (await call('GET', '/api/projects/dashboard-stats', as.admin)).json().stats;
    expect(staff).toHaveProperty('totalBudget');
    expect(staff.activeProjectsCount).toBeGreaterThanOrEqual(1);
  });
});

describe('validation', () => {
  it.each([
    [{ category: undefined }, 'Please select a project category.'],
    [{ category: 'Spaceport' }, 'Please select a project category.'],
    [{ projectLeadId: undefined }, 'Please select a project lead.'],
    [{ clientId: '' }, 'Please select a client.'],
    [{ budget: 'lots' }, 'Budget'],
    [{ budget: 10_000_000_000_000 }, 'Budget is too large'],
    [{ budget: 1.005 }, 'Budget has at most two decimals'],
    [{ endDate: '2020-01-01' }, 'End date must be on or after the start date'],
    [{ title: '' }, 'Title'],
  ])('refuses %j', async (overrides, message) => {
    const response = await call('POST', '/api/projects', as.admin, newProject(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it('takes a budget up to the largest amount a figure may reach', async () => {
    const response = await call(
      'POST',
      '/api/projects',
      as.admin,
      newProject({ budget: 9_999_999_999_999.99 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().project.budget).toBe(9_999_999_999_999.99);
  });

  it('refuses a lead of the wrong role and a client who is not a client', async () => {
    expect(
      (await call('POST', '/api/projects', as.admin, newProject({ projectLeadId: as.team_member.id })))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/projects', as.admin, newProject({ clientId: as.accountant.id }))).statusCode,
    ).toBe(400);
  });

  it('refuses progress outside 0–100 or not whole on edit', async () => {
    for (const progress of [101, -1, 12.5]) {
      expect((await call('PUT', `/api/projects/${project.id}`, as.admin, { progress })).statusCode).toBe(400);
    }
  });
});

describe('list', () => {
  it('filters, searches case-insensitively and pages with a cursor', async () => {
    const tag = `Zulu${Date.now()}`;
    for (let index = 0; index < 5; index++) {
      await makeProject(
        server,
        { lead: as.project_lead, client: as.client },
        { title: `${tag} ${index}`, category: 'Industrial', status: 'on_hold' },
      );
    }
    const first = (await call('GET', `/api/projects?search=${tag.toLowerCase()}&limit=2`, as.admin)).json();
    expect(first.pagination).toMatchObject({ totalItems: 5, totalPages: 3, hasNext: true });
    expect(first.projects.map((item: { title: string }) => item.title)).toEqual([`${tag} 4`, `${tag} 3`]);
    const second = (
      await call(
        'GET',
        `/api/projects?search=${tag}&limit=2&page=2&cursor=${first.pagination.nextCursor}`,
        as.admin,
      )
    ).json();
    expect(second.projects.map((item: { title: string }) => item.title)).toEqual([`${tag} 2`, `${tag} 1`]);
    const byPage = (await call('GET', `/api/projects?search=${tag}&limit=2&page=3`, as.admin)).json();
    expect(byPage.projects.map((item: { title: string }) => item.title)).toEqual([`${tag} 0`]);
    expect(byPage.pagination.hasNext).toBe(false);
    const filtered = (
      await call('GET', `/api/projects?search=${tag}&status=on_hold&category=Industrial`, as.admin)
    ).json();
    expect(filtered.pagination.totalItems).toBe(5);
    const none = (await call('GET', `/api/projects?search=${tag}&status=completed`, as.admin)).json();
    expect(none.pagination.totalItems).toBe(0);
  });

  it('numbers pages without a cursor in either order and follows changes to the list', async () => {
    const owner = await server.user('client');
    const lead = await server.user('project_lead');
    const titles = ['A', 'B', 'C', 'D', 'E'];
    for (const title of titles) await makeProject(server, { lead, client: owner }, { title });
    const titlesOf = async (url: string, who: TestUser = owner) =>
      (await call('GET', url, who)).json().projects.map((item: { title: string }) => item.title);

    expect(await titlesOf('/api/projects?limit=2&page=2')).toEqual(['C', 'B']);
    expect(await titlesOf('/api/projects?limit=2&page=2&sortOrder=asc')).toEqual(['C', 'D']);
    expect(await titlesOf(`/api/projects?limit=2&page=3&clientId=${owner.id}`, as.admin)).toEqual(['A']);
    expect(await titlesOf(`/api/projects?limit=2&page=2&memberId=${lead.id}`, as.admin)).toEqual(['C', 'B']);
    const past = (await call('GET', '/api/projects?limit=2&page=9', owner)).json();
    expect(past.projects).toEqual([]);
    expect(past.pagination).toMatchObject({ totalItems: 5, hasNext: false, nextCursor: null });
    expect(await titlesOf('/api/projects?limit=2&page=2', otherClient)).not.toContain('C');

    const created = await call('POST', '/api/projects', as.admin, {
      ...newProject({ title: 'F' }),
      projectLeadId: lead.id,
      clientId: owner.id,
    });
    expect(created.statusCode).toBe(201);
    expect(await titlesOf('/api/projects?limit=2&page=2')).toEqual(['D', 'C']);
    expect((await call('GET', '/api/projects?limit=2&page=3', owner)).json().pagination.totalItems).toBe(6);
  });

  it('narrows by start date, within what the viewer sees, and refuses a range the wrong way round', async () => {
    const owner = await server.user('client');
    const lead = await server.user('project_lead');
    const starts = { Early: '2025-03-01', Middle: '2025-09-15', Late: '2026-02-01' };
    for (const [title, startDate] of Object.entries(starts)) {
      await makeProject(server, { lead, client: owner }, { title, startDate });
    }
    const titlesOf = async (query: string, who: TestUser = owner) => {
      const response = await call('GET', `/api/projects?${query}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .projects.map((item: { title: string }) => item.title)
        .sort();
    };
    expect(await titlesOf('startFrom=2025-09-15')).toEqual(['Late', 'Middle']);
    expect(await titlesOf('startTo=2025-09-15')).toEqual(['Early', 'Middle']);
    expect(await titlesOf('startFrom=2025-04-01&startTo=2025-12-31')).toEqual(['Middle']);
    expect(await titlesOf(`startFrom=2025-04-01&memberId=${lead.id}`, as.admin)).toEqual(['Late', 'Middle']);
    expect(await titlesOf('startFrom=2025-01-01&startTo=2026-12-31', otherClient)).not.toContain('Middle');
    const reversed = await call('GET', '/api/projects?startFrom=2026-01-01&startTo=2025-01-01', owner);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toContain('startFrom must not be after startTo');
    expect((await call('GET', '/api/projects?startFrom=01/02/2025', owner)).statusCode).toBe(400);
  });

  it('refuses a limit over 100 and a bad cursor', async () => {
    expect((await call('GET', '/api/projects?limit=101', as.admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/projects?cursor=nonsense', as.admin)).statusCode).toBe(400);
  });
});

describe('create, read, update', () => {
  it('creates a project with its team and notifies the lead and the client', async () => {
    const response = await call(
      'POST',
      '/api/projects',
      as.architect,
      newProject({ title: 'Surulere Flats' }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json().project;
    expect(created).toMatchObject({
      title: 'Surulere Flats',
      status: 'not_started',
      projectLead: { id: as.project_lead.id },
    });
    expect(created.teamMembers.map((member: { userId: string }) => member.userId)).toEqual([
      as.team_member.id,
    ]);
    for (const who of [as.project_lead, as.client]) {
      const feed = (await call('GET', '/api/notifications', who)).json();
      expect(feed.notifications.some((item: { projectId: string }) => item.projectId === created.id)).toBe(
        true,
      );
    }
    const creatorFeed = (await call('GET', '/api/notifications', as.architect)).json();
    expect(
      creatorFeed.notifications.some((item: { projectId: string }) => item.projectId === created.id),
    ).toBe(false);
  });

  it('updates any status and keeps fields left out', async () => {
    const response = await call('PUT', `/api/projects/${project.id}`, as.project_manager, {
      status: 'on_hold',
      spent: 12_345.5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().project).toMatchObject({
      status: 'on_hold',
      spent: 12_345.5,
      title: project.title,
    });
  });
});

describe('cached totals', () => {
  it('reflect a change at once in list totals and dashboard figures', async () => {
    const fixture = await makeProject(
      server,
      { lead: as.project_lead, client: as.client },
      { status: 'not_started' },
    );
    const completed = async () =>
      (await call('GET', '/api/projects/dashboard-stats', as.admin)).json().stats
        .completedProjectsCount as number;
    const listed = async () =>
      (await call('GET', '/api/projects?status=completed', as.admin)).json().pagination.totalItems as number;
    const [before, listedBefore] = [await completed(), await listed()];
    await call('PUT', `/api/projects/${fixture.id}`, as.admin, { status: 'completed' });
    expect(await completed()).toBe(before + 1);
    expect(await listed()).toBe(listedBefore + 1);
    await call('DELETE', `/api/projects/${fixture.id}`, as.admin);
    expect(await completed()).toBe(before);
  });

  it('kept list pages follow a new project, an edit, a renamed lead and a deletion', async () => {
    const lead = await server.user('project_lead', { name: 'Kept Lead' });
    const page = async () => {
      const answer = await call('GET', '/api/projects?limit=1', as.admin);
      expect(answer.headers['content-type']).toContain('application/json');
      return answer.json().projects[0];
    };
    await page();
    const created = await call(
      'POST',
      '/api/projects',
      as.admin,
      newProject({ title: 'Kept Page', projectLeadId: lead.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().project.id as string;
    expect(await page()).toMatchObject({ id, title: 'Kept Page', projectLead: { name: 'Kept Lead' } });
    await call('PUT', `/api/projects/${id}`, as.admin, { title: 'Kept Page, edited' });
    expect((await page()).title).toBe('Kept Page, edited');
    await call('PUT', `/api/users/${lead.id}`, as.admin, { name: 'Renamed Lead' });
    expect((await page()).projectLead.name).toBe('Renamed Lead');
    await call('DELETE', `/api/projects/${id}`, as.admin);
    expect((await page()).id).not.toBe(id);
  });
});
