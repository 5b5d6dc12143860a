import { DELIVERED_IN_FULL_MESSAGE } from '@trowel/shared/material-requests/material-request.policy.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';

let server: TestServer;
let admin: TestUser, pm: TestUser, lead: TestUser, otherLead: TestUser, store: TestUser;
let engineer: TestUser, otherEngineer: TestUser, client: TestUser;
let project: { id: string; title: string }, otherProject: { id: string };
const others: Partial<Record<Role, TestUser>> = {};

beforeAll(async () => {
  server = await startTestServer();
  [admin, pm, lead, otherLead, store, engineer, otherEngineer, client] = await Promise.all([
    server.user('admin'),
    server.user('project_manager'),
    server.user('project_lead', { name: 'Lola Lead' }),
    server.user('project_lead'),
    server.user('store_keeper'),
    server.user('team_member', { name: 'Emeka Engineer' }),
    server.user('team_member'),
    server.user('client'),
  ]);
  project = await makeProject(server, { lead, client, team: [engineer] }, { title: 'Ikoyi Towers' });
  otherProject = await makeProject(server, { lead: otherLead, client, team: [otherEngineer] });
  for (const role of ROLES) others[role] = await server.user(role);
});
afterAll(() => server.stop());

const call = (
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: who.auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const cementAndRebar = (projectId = project.id) => ({
  projectId,
  items: [
    { name: 'Cement (50 kg bags)', quantity: 40 },
    { name: 'Rebar 12 mm', quantity: 2.5 },
  ],
  notes: 'For the ground floor slab',
});

async function newRequest(who = engineer, body: unknown = cementAndRebar()) {
  const response = await call(who, 'POST', '/material-requests', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().materialRequest as { id: string; status: string; items: Array<{ id: string }> };
}

const notificationsOf = async (who: TestUser) =>
  (await call(who, 'GET', '/notifications')).json().notifications as Array<{
    title: string;
    message: string;
  }>;

describe('material requests', () => {
  it('answer 401 without a session and 403 to roles outside the route', async () => {
    const mine = await newRequest();
    for (const [method, url] of [
      ['GET', '/material-requests'],
      ['POST', '/material-requests'],
      ['GET', `/material-requests/${mine.id}`],
      ['PUT', `/material-requests/${mine.id}`],
      ['DELETE', `/material-requests/${mine.id}`],
    ] as const) {
      expect(
        (await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
      ).toBe(401);
      for (const role of ['architect', 'quantity_surveyor', 'accountant', 'client', 'vendor'] as const) {
        const response = await call(
          others[role]!,
          method,
          url,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
        expect(response.statusCode, `${method} ${url} ${role}`).toBe(403);
      }
    }
  });

  it('are created by team members on the project and its lead; others 403, unknown projects 404', async () => {
    for (const who of [admin, pm, store]) {
      expect((await call(who, 'POST', '/material-requests', cementAndRebar())).statusCode).toBe(403);
    }
    expect((await call(otherEngineer, 'POST', '/material-requests', cementAndRebar())).statusCode).toBe(403);
    expect((await call(otherLead, 'POST', '/material-requests', cementAndRebar())).statusCode).toBe(403);
    const unknown = cementAndRebar('00000000-0000-4000-8000-000000000000');
    expect((await call(engineer, 'POST', '/material-requests', unknown)).statusCode).toBe(404);

    const created = await newRequest();
    expect(created).toMatchObject({
      status: 'pending_lead_approval',
      storeStatus: null,
      requestedBy: 'Emeka Engineer',
      projectTitle: 'Ikoyi Towers',
      items: [
        { name: 'Cement (50 kg bags)', quantity: 40 },
        { name: 'Rebar 12 mm', quantity: 2.5 },
      ],
    });
    expect(created.items[0]!.id).toMatch(/[0-9a-f-]{36}/);
    expect((await newRequest(lead)).status).toBe('pending_lead_approval');
    const choices = async (who: TestUser) =>
      ((await call(who, 'GET', '/material-requests/projects')).json().projects as Array<{ id: string }>).map(
        (p) => p.id,
      );
    expect(await choices(engineer)).toEqual([project.id]);
    expect(await choices(lead)).toEqual([project.id]);
    expect((await call(store, 'GET', '/material-requests/projects')).statusCode).toBe(403);
    expect((await call(engineer, 'GET', '/material-requests/projects?purpose=all')).statusCode).toBe(400);
    const leadFeed = await notificationsOf(lead);
    expect(leadFeed[1]).toMatchObject({ title: 'New material request' });
    expect(leadFeed[1]!.message).toContain(
      'Emeka Engineer asked for 40 Cement (50 kg bags), 2.5 Rebar 12 mm',
    );
  });

  it('offer to ask for exactly the projects the create accepts, and filter by those or, for readers of all, every project', async () => {
    const choices = async (who: TestUser, purpose: 'request' | 'filter') => {
      const answer = await call(who, 'GET', `/material-requests/projects?purpose=${purpose}`);
      expect(answer.statusCode, `${who.role} ${purpose}`).toBe(200);
      return (answer.json().projects as Array<{ id: string }>).map((p) => p.id);
    };
    for (const who of [engineer, otherEngineer, lead, otherLead]) {
      const offered = await choices(who, 'request');
      expect(await choices(who, 'filter')).toEqual(offered);
      for (const projectId of [project.id, otherProject.id]) {
        const created = await call(who, 'POST', '/material-requests', cementAndRebar(projectId));
        expect(created.statusCode, `${who.name} on ${projectId}`).toBe(
          offered.includes(projectId) ? 201 : 403,
        );
        // Gone again, so that the other tests see only their own requests.
        if (created.statusCode === 201)
          await call(who, 'DELETE', `/material-requests/${created.json().materialRequest.id}`);
      }
    }
    expect(await choices(otherEngineer, 'request')).toEqual([otherProject.id]);
    for (const who of [admin, store, pm]) {
      expect(await choices(who, 'filter')).toEqual(expect.arrayContaining([project.id, otherProject.id]));
      expect((await call(who, 'GET', '/material-requests/projects?purpose=request')).statusCode).toBe(403);
    }
  });

  it('refuse incomplete requests with 400 naming what is missing, and save nothing', async () => {
    const before = (await call(engineer, 'GET', '/material-requests')).json().pagination.totalItems;
    for (const [body, message] of [
      [{ ...cementAndRebar(), items: [] }, 'At least one item is required'],
      [{ projectId: project.id, notes: '' }, 'At least one item is required'],
      [{ ...cementAndRebar(), items: [{ name: '', quantity: 2 }] }, 'Each item needs a name'],
      [{ ...cementAndRebar(), items: [{ name: 'Sand' }] }, 'Each item needs a quantity above 0'],
      [{ ...cementAndRebar(), items: [{ name: 'Sand', quantity: 0 }] }, 'Each item needs a quantity above 0'],
      [{ items: [{ name: 'Sand', quantity: 1 }] }, 'Project is required'],
    ] as const) {
      const response = await call(engineer, 'POST', '/material-requests', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toContain(message);
    }
    expect((await call(engineer, 'GET', '/material-requests')).json().pagination.totalItems).toBe(before);
  });

  it('are seen by admin, store keeper and project manager in full, by a lead for their projects, by an engineer their own', async () => {
    const theirs = await newRequest(otherEngineer, cementAndRebar(otherProject.id));
    const ids = async (who: TestUser, query = '') =>
      (await call(who, 'GET', `/material-requests${query}`)).json().materialRequests as Array<{
        id: string;
        requestedById: string;
        projectId: string;
      }>;
    for (const who of [admin, store, pm]) expect((await ids(who)).map((r) => r.id)).toContain(theirs.id);
    expect((await ids(otherLead)).map((r) => r.id)).toContain(theirs.id);
    expect((await ids(lead)).every((r) => r.projectId === project.id)).toBe(true);
    expect((await ids(engineer)).every((r) => r.requestedById === engineer.id)).toBe(true);
    expect((await ids(otherEngineer)).map((r) => r.id)).toEqual([theirs.id]);
    expect((await call(engineer, 'GET', `/material-requests/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await call(lead, 'PUT', `/material-requests/${theirs.id}`, { status: 'approved_by_lead' })).statusCode,
    ).toBe(404);
    expect((await ids(admin, `?projectId=${otherProject.id}`)).map((r) => r.id)).toEqual([theirs.id]);
    const page = (await call(admin, 'GET', '/material-requests?limit=1&sortOrder=asc')).json();
    expect(page.pagination).toMatchObject({ itemsPerPage: 1, currentPage: 1, hasNext: true });
    expect((await call(admin, 'GET', '/material-requests?status=nope')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/material-requests?sortBy=name')).statusCode).toBe(400);
  });

  it("read together for several projects, give each reader each project's own page and total", async () => {
    const third = await makeProject(server, { lead, client, team: [engineer, otherEngineer] });
    await newRequest(engineer, cementAndRebar(third.id));
    await newRequest(otherEngineer, cementAndRebar(third.id));
    const rejected = await newRequest(otherEngineer, cementAndRebar(third.id));
    expect(
      (await call(lead, 'PUT', `/material-requests/${rejected.id}`, { status: 'rejected_by_lead' }))
        .statusCode,
    ).toBe(200);
    const empty = await makeProject(server, { lead, client });
    const repository = server.ctx.materialRequests;
    type Actor = Parameters<typeof repository.list>[0];
    const asks = [project.id, otherProject.id, third.id, empty.id].flatMap((projectId) =>
      [admin, lead, otherLead, engineer, otherEngineer, store].flatMap((who) =>
        [undefined, 'rejected_by_lead' as const].flatMap((status) =>
          [1, 2, 5].map((page) => ({
            actor: { id: who.id, role: who.role } as Actor,
            filter: { projectId, ...(status ? { status } : {}) },
            page: { page, limit: 1, descending: page !== 2 },
          })),
        ),
      ),
    );
    // Asked for in one turn, the pages are read by a statement per reader and page: each must be what
    // it is when asked for alone, and what the list without a project gives for that project.
    const together = await Promise.all(
      asks.map(({ actor, filter, page }) => repository.list(actor, filter, page)),
    );
    for (const [index, { actor, filter, page }] of asks.entries()) {
      const alone = await repository.list(actor, filter, page);
      expect(together[index], JSON.stringify({ actor, filter, page })).toEqual(alone);
      const all = await repository.list(
        actor,
        { status: filter.status },
        { page: 1, limit: 1000, descending: page.descending },
      );
      const own = all.rows.filter((row) => row.projectId === filter.projectId);
      expect(alone.total).toBe(own.length);
      expect(alone.rows).toEqual(own.slice(page.page - 1, page.page));
    }
    // Read one by one at the same moment, each reader gets the requests they may see only.
    const every = await repository.list(
      { id: admin.id, role: admin.role } as Actor,
      {},
      { page: 1, limit: 1000, descending: true },
    );
    const sample = every.rows.slice(0, 12).map((row) => row.id);
    const byId = asks.filter((ask) => ask.page.page === 1 && !ask.filter.status);
    const found = await Promise.all(
      byId.flatMap((ask) => sample.map((id) => repository.findVisible(ask.actor, id))),
    );
    for (const [index, ask] of byId.entries()) {
      const seen = (await repository.list(ask.actor, {}, { page: 1, limit: 1000, descending: true })).rows;
      sample.forEach((id, at) => {
        expect(found[index * sample.length + at]?.id ?? null).toBe(
          seen.some((row) => row.id === id) ? id : null,
        );
      });
    }
    const thirdFor = (who: TestUser) =>
      together[
        asks.findIndex(
          (ask) =>
            ask.actor.id === who.id &&
            ask.filter.projectId === third.id &&
            !ask.filter.status &&
            ask.page.page === 1,
        )
      ]!;
    expect(thirdFor(lead).total).toBe(3);
    expect(thirdFor(otherLead).total).toBe(0);
    expect(thirdFor(store).total).toBe(3);
    expect(thirdFor(engineer).total).toBe(1);
    expect(thirdFor(otherEngineer).total).toBe(2);
  });

  it('are reviewed by the lead of the project only, from pending only, with history and notifications', async () => {
    const request = await newRequest();
    const url = `/material-requests/${request.id}`;
    const approve = { status: 'approved_by_lead', leadReviewNotes: 'Go ahead' };
    expect((await call(engineer, 'PUT', url, approve)).statusCode).toBe(403);
    expect((await call(store, 'PUT', url, approve)).statusCode).toBe(403);
    expect((await call(admin, 'PUT', url, approve)).statusCode).toBe(403);
    expect((await call(lead, 'PUT', url, { status: 'delivered' })).statusCode).toBe(400);
    expect((await call(store, 'PUT', url, { storeStatus: 'delivered' })).statusCode).toBe(409);

    const approved = await call(lead, 'PUT', url, approve);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().materialRequest).toMatchObject({
      status: 'approved_by_lead',
      leadReviewNotes: 'Go ahead',
    });
    expect((await call(lead, 'PUT', url, { status: 'rejected_by_lead' })).statusCode).toBe(409);
    expect((await notificationsOf(engineer))[0]!.title).toBe('Material request approved');
    expect((await notificationsOf(store))[0]!.title).toBe('Material request to supply');

    expect((await call(store, 'PUT', url, { storeStatus: 'lost' })).statusCode).toBe(400);
    const answered = await call(store, 'PUT', url, {
      storeStatus: 'partially_delivered',
      storeKeeperNotes: '20 bags today',
    });
    expect(answered.statusCode).toBe(200);
    const { materialRequest, history } = answered.json();
    expect(materialRequest).toMatchObject({
      storeStatus: 'partially_delivered',
      storeKeeperNotes: '20 bags today',
    });
    expect(Date.now() - new Date(materialRequest.storeTimestamp).getTime()).toBeLessThan(60_000);
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'approve',
      'mark_partially_delivered',
    ]);
    expect(history[1]).toMatchObject({
      fromStatus: 'pending_lead_approval',
      toStatus: 'approved_by_lead',
      remarks: 'Go ahead',
    });
    expect(history[1].actor.id).toBe(lead.id);
    expect((await notificationsOf(engineer))[0]!.title).toBe('Materials: Partially Delivered');
    const seen = (await call(engineer, 'GET', url)).json().materialRequest;
    expect(seen.storeStatus).toBe('partially_delivered');
    expect(
      (await call(engineer, 'GET', '/material-requests?status=partially_delivered'))
        .json()
        .materialRequests.map((r: { id: string }) => r.id),
    ).toEqual([request.id]);
    // Answered again as the rest arrives; delivered in full, it stays so.
    expect((await call(store, 'PUT', url, { storeStatus: 'delivered' })).statusCode).toBe(200);
    for (const storeStatus of ['unavailable', 'partially_delivered', 'delivered']) {
      const after = await call(store, 'PUT', url, { storeStatus });
      expect(after.statusCode).toBe(409);
      expect(after.json().error).toBe(DELIVERED_IN_FULL_MESSAGE);
    }
    expect((await call(engineer, 'GET', url)).json().materialRequest.storeStatus).toBe('delivered');
  });

  it('let the requester edit while pending and edit & resubmit after a return; the requester is not the lead', async () => {
    const request = await newRequest(lead);
    const url = `/material-requests/${request.id}`;
    // A lead who asked for their own project reviews it as its lead.
    const returned = await call(lead, 'PUT', url, {
      status: 'needs_review_by_engineer',
      leadReviewNotes: 'Split the rebar',
    });
    expect(returned.statusCode).toBe(200);

    const mine = await newRequest();
    const mineUrl = `/material-requests/${mine.id}`;
    expect((await call(lead, 'PUT', mineUrl, { items: [{ name: 'Sand', quantity: 3 }] })).statusCode).toBe(
      403,
    );
    const edited = await call(engineer, 'PUT', mineUrl, { items: [{ name: 'Sharp sand', quantity: 3 }] });
    expect(edited.json().materialRequest).toMatchObject({
      status: 'pending_lead_approval',
      items: [{ name: 'Sharp sand', quantity: 3 }],
    });
    expect(
      (
        await call(lead, 'PUT', mineUrl, {
          status: 'needs_review_by_engineer',
          leadReviewNotes: 'How many trips?',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(engineer, 'PUT', mineUrl, { status: 'approved_by_lead' })).statusCode).toBe(403);
    const resubmitted = await call(engineer, 'PUT', mineUrl, {
      items: [{ name: 'Sharp sand', quantity: 6 }],
      notes: 'Two trips',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().materialRequest).toMatchObject({
      status: 'pending_lead_approval',
      notes: 'Two trips',
    });
    expect(resubmitted.json().history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'edit',
      'return_to_engineer',
      'resubmit',
    ]);
    expect((await notificationsOf(lead))[0]!.title).toBe('Material request resubmitted');
    expect(
      (await call(engineer, 'PUT', mineUrl, { status: 'approved_by_lead', storeStatus: 'delivered' }))
        .statusCode,
    ).toBe(400);
    await call(lead, 'PUT', mineUrl, { status: 'rejected_by_lead' });
    expect((await call(engineer, 'PUT', mineUrl, { notes: 'Please?' })).statusCode).toBe(409);
  });

  it("tell the lead of a resubmission with the quantities the requester's edit saved", async () => {
    const request = await newRequest(engineer, {
      projectId: project.id,
      items: [{ name: 'bags of cement', quantity: 120 }],
    });
    const url = `/material-requests/${request.id}`;
    await call(lead, 'PUT', url, { status: 'needs_review_by_engineer', leadReviewNotes: 'Too many' });
    expect((await notificationsOf(engineer))[0]).toMatchObject({
      title: 'Material request returned for review',
      message: 'Lola Lead returned your request for 120 bags of cement for your review. Notes: "Too many"',
    });
    const resubmitted = await call(engineer, 'PUT', url, {
      items: [{ name: 'bags of cement', quantity: 80 }],
      notes: 'Cut to 80',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((await notificationsOf(lead))[0]).toMatchObject({
      title: 'Material request resubmitted',
      message: 'Emeka Engineer resubmitted a request for 80 bags of cement. Notes: "Cut to 80"',
    });
  });

  it('take a full body: the unchanged projectId is accepted, another one refused with 400', async () => {
    const request = await newRequest();
    const url = `/material-requests/${request.id}`;
    const edited = await call(engineer, 'PUT', url, { projectId: project.id, notes: 'Same project' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().materialRequest).toMatchObject({ projectId: project.id, notes: 'Same project' });
    const moved = await call(engineer, 'PUT', url, { projectId: otherProject.id, notes: 'Moved' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe('projectId cannot be changed: a material request stays with its project');
    const reviewedElsewhere = await call(lead, 'PUT', url, {
      projectId: otherProject.id,
      status: 'approved_by_lead',
    });
    expect(reviewedElsewhere.statusCode).toBe(400);
    const seen = (await call(engineer, 'GET', url)).json();
    expect(seen.materialRequest).toMatchObject({ notes: 'Same project', status: 'pending_lead_approval' });
    expect(seen.history.map((h: { action: string }) => h.action)).toEqual(['create', 'edit']);
    const reviewed = await call(lead, 'PUT', url, { projectId: project.id, status: 'approved_by_lead' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const answered = await call(store, 'PUT', url, { projectId: project.id, storeStatus: 'delivered' });
    expect(answered.statusCode, answered.body).toBe(200);
  });

  it("accept status pending_lead_approval only on the requester's edit that resubmits", async () => {
    const request = await newRequest();
    const url = `/material-requests/${request.id}`;
    const resubmit = {
      projectId: project.id,
      status: 'pending_lead_approval',
      items: [{ name: 'Sharp sand', quantity: 4 }],
    };
    // Still waiting for the lead: nothing to resubmit.
    const early = await call(engineer, 'PUT', url, resubmit);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      'Only a request returned for review can be resubmitted; this one is waiting for its lead',
    );
    await call(lead, 'PUT', url, { status: 'needs_review_by_engineer' });
    for (const who of [lead, store]) expect((await call(who, 'PUT', url, resubmit)).statusCode).toBe(403);
    expect(
      (await call(engineer, 'PUT', url, { status: 'pending_lead_approval', leadReviewNotes: 'x' }))
        .statusCode,
    ).toBe(400);
    const done = await call(engineer, 'PUT', url, resubmit);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().materialRequest).toMatchObject({
      status: 'pending_lead_approval',
      items: [{ name: 'Sharp sand', quantity: 4 }],
    });
    expect(done.json().history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'return_to_engineer',
      'resubmit',
    ]);
    expect((await call(engineer, 'PUT', url, resubmit)).statusCode).toBe(409);
    await call(lead, 'PUT', url, { status: 'approved_by_lead' });
    const late = await call(engineer, 'PUT', url, { status: 'pending_lead_approval' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(
      'Only a request returned for review can be resubmitted; this one is approved by its lead',
    );
  });

  it('are deleted by the requester while awaiting the lead, and by admin', async () => {
    const first = await newRequest();
    expect((await call(lead, 'DELETE', `/material-requests/${first.id}`)).statusCode).toBe(403);
    expect((await call(store, 'DELETE', `/material-requests/${first.id}`)).statusCode).toBe(403);
    expect((await call(engineer, 'DELETE', `/material-requests/${first.id}`)).statusCode).toBe(200);
    expect((await call(engineer, 'GET', `/material-requests/${first.id}`)).statusCode).toBe(404);
    const second = await newRequest();
    await call(lead, 'PUT', `/material-requests/${second.id}`, { status: 'approved_by_lead' });
    expect((await call(engineer, 'DELETE', `/material-requests/${second.id}`)).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/material-requests/${second.id}`)).statusCode).toBe(200);
  });

  it('keep list pages per person until a request is created, answered, edited or deleted', async () => {
    const listed = async (who: TestUser) =>
      (await call(who, 'GET', `/material-requests?limit=100&projectId=${project.id}`)).json()
        .materialRequests as Array<{ id: string; status: string; storeStatus: string | null; notes: string }>;
    const find = async (who: TestUser, id: string) => (await listed(who)).find((r) => r.id === id);
    // Pages read before each change, so that a kept one would show the old state.
    await Promise.all([listed(lead), listed(store), listed(engineer), listed(otherEngineer)]);
    const request = await newRequest();
    expect(await find(lead, request.id)).toMatchObject({ status: 'pending_lead_approval' });
    expect(await find(engineer, request.id)).toBeDefined();
    expect(await find(otherEngineer, request.id)).toBeUndefined();

    const url = `/material-requests/${request.id}`;
    expect((await call(engineer, 'PUT', url, { notes: 'Needed by Friday' })).statusCode).toBe(200);
    expect(await find(lead, request.id)).toMatchObject({ notes: 'Needed by Friday' });
    expect((await call(lead, 'PUT', url, { status: 'approved_by_lead' })).statusCode).toBe(200);
    expect(await find(store, request.id)).toMatchObject({ status: 'approved_by_lead', storeStatus: null });
    expect((await call(store, 'PUT', url, { storeStatus: 'delivered' })).statusCode).toBe(200);
    expect(await find(engineer, request.id)).toMatchObject({ storeStatus: 'delivered' });
    expect((await call(admin, 'DELETE', url)).statusCode).toBe(200);
    expect(await find(store, request.id)).toBeUndefined();
    expect(await find(engineer, request.id)).toBeUndefined();
  });

  it('let only one of two concurrent reviews through; the other answers 409', async () => {
    const request = await newRequest();
    const url = `/material-requests/${request.id}`;
    const answers = await Promise.all([
      call(lead, 'PUT', url, { status: 'approved_by_lead' }),
      call(lead, 'PUT', url, { status: 'rejected_by_lead' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = (await call(lead, 'GET', url)).json().history;
    expect(history).toHaveLength(2);
  });
});
