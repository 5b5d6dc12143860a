import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { INVENTORY_MESSAGES } from '@trowel/shared/inventory/inventory.schemas.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';

let server: TestServer;
let admin: TestUser, pm: TestUser, lead: TestUser, otherLead: TestUser, store: TestUser;
let engineer: TestUser, outsider: TestUser, client: TestUser, architect: TestUser;
let project: { id: string }, otherProject: { id: string };
const others: Partial<Record<Role, TestUser>> = {};

beforeAll(async () => {
  server = await startTestServer();
  [admin, pm, lead, otherLead, store, engineer, outsider, client, architect] = await Promise.all([
    server.user('admin'),
    server.user('project_manager'),
    server.user('project_lead'),
    server.user('project_lead'),
    server.user('store_keeper'),
    server.user('team_member', { name: 'Emeka Engineer' }),
    server.user('team_member'),
    server.user('client'),
    server.user('architect'),
  ]);
  project = await makeProject(server, { lead, client, team: [engineer] }, { title: 'Ikoyi Towers' });
  otherProject = await makeProject(
    server,
    { lead: otherLead, client, team: [outsider] },
    { title: 'Ajah Estate' },
  );
  for (const role of ROLES) others[role] = await server.user(role);
});
afterAll(() => server.stop());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  who: TestUser | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(who ? who.auth : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let itemCounter = 0;
async function newItem(fields: Record<string, unknown> = {}) {
  const response = await call(store, 'POST', '/inventory', {
    name: `Cement ${++itemCounter}`,
    category: 'Binders',
    quantity: 100,
    unit: 'bags',
    lowStockThreshold: 75,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().item as { id: string; name: string; quantity: number };
}

async function newRequest(
  itemId: string,
  quantity: number,
  who = engineer,
  projectId = project.id,
  notes = '',
) {
  const response = await call(who, 'POST', '/inventory/requests', {
    inventoryItemId: itemId,
    projectId,
    quantityRequested: quantity,
    notes,
    itemName: 'shown name',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().request as { id: string; status: string };
}

const step = (who: TestUser, id: string, body: Record<string, unknown>) =>
  call(who, 'PUT', `/inventory/requests/${id}`, body);

async function readyToRelease(itemId: string, quantity: number) {
  const request = await newRequest(itemId, quantity, engineer, project.id, `batch ${Math.random()}`);
  expect((await step(store, request.id, { status: 'approved_by_store_pending_release' })).statusCode).toBe(
    200,
  );
  expect((await step(store, request.id, { status: 'pending_admin_approval' })).statusCode).toBe(200);
  expect(
    (await step(admin, request.id, { status: 'approved_by_admin_pending_store_release' })).statusCode,
  ).toBe(200);
  return request;
}

const itemOf = async (id: string) => (await call(store, 'GET', `/inventory/${id}`)).json().item;

describe('inventory items', () => {
  it('answer 401 without a session and 403 to roles outside each route', async () => {
    const item = await newItem();
    const request = await newRequest(item.id, 1, engineer, project.id, 'access');
    const readers = ['admin', 'project_manager', 'project_lead', 'store_keeper', 'team_member'];
    const routes: Array<[Method, string, string[]]> = [
      ['GET', '/inventory', readers],
      ['GET', '/inventory/categories', readers],
      ['GET', `/inventory/${item.id}`, readers],
      ['GET', `/inventory/${item.id}/movements`, readers],
      ['POST', '/inventory', ['admin', 'project_manager', 'store_keeper']],
      ['PUT', `/inventory/${item.id}`, ['admin', 'project_manager', 'store_keeper']],
      ['DELETE', `/inventory/${item.id}`, ['admin', 'project_manager']],
      ['GET', '/inventory/requests', readers],
      ['POST', '/inventory/requests', ['project_lead', 'team_member']],
      ['GET', '/inventory/requests/projects', ['project_lead', 'team_member']],
      ['GET', `/inventory/requests/${request.id}`, readers],
      ['PUT', `/inventory/requests/${request.id}`, readers],
    ];
    for (const [method, url, allowed] of routes) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const role of ROLES.filter((r) => !allowed.includes(r))) {
        expect((await call(others[role]!, method, url, body)).statusCode, `${method} ${url} ${role}`).toBe(
          403,
        );
      }
    }
  });

  it('are validated with the spec’s message, and nothing is saved', async () => {
    for (const body of [
      { quantity: 3, unit: 'bags' },
      { name: 'Sand', unit: 'tonnes' },
      { name: 'Sand', quantity: 3 },
      { name: '  ', quantity: 3, unit: 'bags' },
    ]) {
      const response = await call(store, 'POST', '/inventory', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(INVENTORY_MESSAGES.itemRequired);
    }
    for (const body of [
      { name: 'Sand', quantity: -1, unit: 'tonnes' },
      { name: 'Sand', quantity: 1.5, unit: 'tonnes' },
      { name: 'Sand', quantity: 1, unit: 'tonnes', lowStockThreshold: -2 },
    ]) {
      expect((await call(store, 'POST', '/inventory', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(store, 'GET', '/inventory?search=Sand')).json().items).toEqual([]);
  });

  it('are listed with low stock, categories, search, category filter and paging', async () => {
    await newItem({
      name: 'Granite chippings',
      category: 'Aggregates',
      quantity: 3,
      lowStockThreshold: 10,
      unit: 'tonnes',
    });
    await newItem({
      name: 'Sharp sand',
      category: 'Aggregates',
      quantity: 30,
      lowStockThreshold: 10,
      unit: 'tonnes',
    });
    const aggregates = (
      await call(engineer, 'GET', '/inventory?category=Aggregates&sortBy=name&sortOrder=asc')
    ).json();
    expect(
      aggregates.items.map((i: { name: string; isLowStock: boolean }) => [i.name, i.isLowStock]),
    ).toEqual([
      ['Granite chippings', true],
      ['Sharp sand', false],
    ]);
    expect(aggregates.categories).toEqual(expect.arrayContaining(['Aggregates', 'Binders']));
    expect((await call(lead, 'GET', '/inventory/categories')).json().categories).toContain('Aggregates');
    const searched = (await call(engineer, 'GET', '/inventory?search=aggreg')).json();
    expect(searched.pagination.totalItems).toBe(2);
    expect((await call(engineer, 'GET', '/inventory?search=chipp')).json().items).toHaveLength(1);
    expect((await call(engineer, 'GET', '/inventory?search=100%25')).json().items).toHaveLength(0);
    const page = (await call(engineer, 'GET', '/inventory?limit=1&page=2')).json();
    expect(page.pagination).toMatchObject({ currentPage: 2, itemsPerPage: 1, hasNext: true });
    expect((await call(engineer, 'GET', '/inventory?sortBy=price')).statusCode).toBe(400);
  });

  it('write an adjustment movement when added or edited, and keep a field left out', async () => {
    const item = await newItem({ quantity: 40 });
    const edited = await call(pm, 'PUT', `/inventory/${item.id}`, { quantity: 55 });
    expect(edited.json().item).toMatchObject({ quantity: 55, unit: 'bags', category: 'Binders' });
    expect((await call(pm, 'PUT', `/inventory/${item.id}`, { quantity: -5 })).statusCode).toBe(400);
    expect((await call(pm, 'PUT', `/inventory/${item.id}`, { price: 5 })).statusCode).toBe(400);
    expect(
      (await call(pm, 'PUT', '/inventory/00000000-0000-4000-8000-000000000000', { quantity: 1 })).statusCode,
    ).toBe(404);
    const movements = (await call(engineer, 'GET', `/inventory/${item.id}/movements`)).json().movements;
    expect(
      movements.map((m: { kind: string; quantity: number; quantityAfter: number }) => [
        m.kind,
        m.quantity,
        m.quantityAfter,
      ]),
    ).toEqual([
      ['adjustment', 15, 55],
      ['adjustment', 40, 40],
    ]);
  });

  it('refuse to delete an item with open requests (409), and delete it once they are settled', async () => {
    const item = await newItem();
    const request = await newRequest(item.id, 5);
    expect((await call(store, 'DELETE', `/inventory/${item.id}`)).statusCode).toBe(403);
    const refused = await call(admin, 'DELETE', `/inventory/${item.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('1 open request');
    await step(store, request.id, { status: 'rejected_by_store', notes: 'Reserved' });
    expect((await call(admin, 'DELETE', `/inventory/${item.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/inventory/${item.id}`)).statusCode).toBe(404);
    const kept = (await call(engineer, 'GET', `/inventory/requests/${request.id}`)).json().request;
    expect(kept).toMatchObject({ inventoryItemId: null, itemName: item.name, storeKeeperNotes: 'Reserved' });
  });
});

describe('inventory requests', () => {
  it('are made for projects the requester may request for, of items that exist, with valid quantities', async () => {
    const item = await newItem();
    const body = { inventoryItemId: item.id, projectId: project.id, quantityRequested: 3, notes: '' };
    expect((await call(outsider, 'POST', '/inventory/requests', body)).statusCode).toBe(403);
    expect(
      (await call(otherLead, 'POST', '/inventory/requests', { ...body, notes: 'any project' })).statusCode,
    ).toBe(201);
    const unknownProject = { ...body, projectId: '00000000-0000-4000-8000-000000000000' };
    expect((await call(engineer, 'POST', '/inventory/requests', unknownProject)).statusCode).toBe(404);
    const unknownItem = await call(engineer, 'POST', '/inventory/requests', {
      ...body,
      inventoryItemId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownItem.statusCode).toBe(404);
    expect(unknownItem.json().error).toBe(INVENTORY_MESSAGES.itemNotFound);
    for (const quantityRequested of [0, -3, 2.5]) {
      const response = await call(engineer, 'POST', '/inventory/requests', { ...body, quantityRequested });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(INVENTORY_MESSAGES.invalidQuantity);
    }
    const missing = await call(engineer, 'POST', '/inventory/requests', { inventoryItemId: item.id });
    expect(missing.json().error).toContain(INVENTORY_MESSAGES.requestRequired);

    const choices = async (who: TestUser) =>
      ((await call(who, 'GET', '/inventory/requests/projects')).json().projects as Array<{ id: string }>).map(
        (p) => p.id,
      );
    expect(await choices(engineer)).toEqual([project.id]);
    expect(await choices(lead)).toEqual(expect.arrayContaining([project.id, otherProject.id]));
    expect(architect.role).toBe('architect');
    // The create accepts exactly the projects offered.
    for (const who of [engineer, outsider, lead]) {
      const offered = await choices(who);
      for (const projectId of [project.id, otherProject.id]) {
        const created = await call(who, 'POST', '/inventory/requests', {
          ...body,
          projectId,
          notes: `offered ${who.id}`,
        });
        expect(created.statusCode, `${who.role} on ${projectId}`).toBe(
          offered.includes(projectId) ? 201 : 403,
        );
      }
    }
  });

  it('make one request of a double submission, at once or with the same Idempotency-Key', async () => {
    const item = await newItem();
    const body = { inventoryItemId: item.id, projectId: project.id, quantityRequested: 7, notes: 'double' };
    const twice = await Promise.all([
      call(engineer, 'POST', '/inventory/requests', body),
      call(engineer, 'POST', '/inventory/requests', body),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(twice[0]!.json().request.id).toBe(twice[1]!.json().request.id);
    const keyed = { ...body, notes: 'keyed' };
    const headers = { 'idempotency-key': 'request-key-0001' };
    const first = await call(engineer, 'POST', '/inventory/requests', keyed, headers);
    const again = await call(engineer, 'POST', '/inventory/requests', keyed, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().request.id).toBe(first.json().request.id);
    const mine = (await call(engineer, 'GET', '/inventory/requests?limit=100')).json().requests as Array<{
      inventoryItemId: string;
    }>;
    expect(mine.filter((r) => r.inventoryItemId === item.id)).toHaveLength(2);
  });

  it('are seen by the requester, by the lead of their project, and by store, admin and project manager', async () => {
    const item = await newItem();
    const mine = await newRequest(item.id, 2);
    const foreign = await newRequest(item.id, 2, outsider, otherProject.id);
    const ids = async (who: TestUser) =>
      (
        (await call(who, 'GET', '/inventory/requests?limit=100')).json().requests as Array<{ id: string }>
      ).map((r) => r.id);
    expect(await ids(engineer)).toContain(mine.id);
    expect(await ids(engineer)).not.toContain(foreign.id);
    expect(await ids(lead)).toContain(mine.id);
    expect(await ids(lead)).not.toContain(foreign.id);
    for (const who of [store, admin, pm])
      expect(await ids(who)).toEqual(expect.arrayContaining([mine.id, foreign.id]));
    expect((await call(engineer, 'GET', `/inventory/requests/${foreign.id}`)).statusCode).toBe(404);
    expect((await step(lead, foreign.id, { status: 'pending_admin_approval' })).statusCode).toBe(404);
    expect((await call(store, 'GET', '/inventory/requests?status=bogus')).statusCode).toBe(400);
  });

  it('are searched by item name, project title and requester name, within what each person sees', async () => {
    const item = await newItem({ name: 'Bitumen primer drum' });
    const mine = await newRequest(item.id, 1);
    const foreign = await newRequest(item.id, 1, outsider, otherProject.id);
    const found = async (who: TestUser, term: string) => {
      const response = await call(
        who,
        'GET',
        `/inventory/requests?limit=100&search=${encodeURIComponent(term)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().requests as Array<{ id: string }>).map((r) => r.id);
    };
    expect(await found(store, 'PRIMER DR')).toEqual(expect.arrayContaining([mine.id, foreign.id]));
    const ikoyi = await found(store, 'ikoyi tow');
    expect(ikoyi).toContain(mine.id);
    expect(ikoyi).not.toContain(foreign.id);
    const emeka = await found(admin, 'emeka engin');
    expect(emeka).toContain(mine.id);
    expect(emeka).not.toContain(foreign.id);
    expect(await found(engineer, 'ajah')).toEqual([]);
    expect(await found(engineer, 'bitumen primer')).toEqual([mine.id]);
    expect(await found(store, 'primer%drum')).toEqual([]);
  });

  it('walk the chain step by step, each by its role (403) and from its state (409), notes by who wrote them', async () => {
    const item = await newItem({ quantity: 100, lowStockThreshold: 75 });
    const request = await newRequest(item.id, 30, engineer, project.id, '30 bags for the slab');
    const id = request.id;
    const storeFeed = (await call(store, 'GET', '/notifications')).json().notifications;
    expect(storeFeed[0]).toMatchObject({ title: 'New inventory request', type: 'material' });
    expect(storeFeed[0].message).toBe(`Emeka Engineer requested 30 bags of ${item.name} for Ikoyi Towers`);
    expect((await step(engineer, id, { status: 'approved_by_store_pending_release' })).statusCode).toBe(403);
    expect((await step(admin, id, { status: 'approved_by_store_pending_release' })).statusCode).toBe(403);
    expect((await step(admin, id, { status: 'approved_by_admin_pending_store_release' })).statusCode).toBe(
      409,
    );
    expect((await step(store, id, { status: 'approved' })).statusCode).toBe(409);
    expect(
      (await step(store, id, { status: 'partially_approved_by_store', quantityApproved: 30 })).statusCode,
    ).toBe(400);
    expect(
      (await step(store, id, { status: 'approved_by_store_pending_release', quantityApproved: 10 }))
        .statusCode,
    ).toBe(400);
    expect((await step(store, id, { status: 'nope' })).statusCode).toBe(400);

    const statusInList = async () =>
      (
        (await call(store, 'GET', '/inventory/requests?limit=100')).json().requests as Array<{
          id: string;
          status: string;
        }>
      ).find((r) => r.id === id)?.status;
    expect(await statusInList()).toBe('pending_store_keeper_approval');
    const approved = await step(store, id, {
      status: 'approved_by_store_pending_release',
      notes: 'In stock',
    });
    expect(approved.json().request).toMatchObject({ quantityApproved: 30, storeKeeperNotes: 'In stock' });
    // The kept page of the log was dropped by the change.
    expect(await statusInList()).toBe('approved_by_store_pending_release');
    expect((await step(store, id, { status: 'pending_admin_approval' })).statusCode).toBe(200);
    expect((await step(store, id, { status: 'approved_by_admin_pending_store_release' })).statusCode).toBe(
      403,
    );
    const byAdmin = await step(admin, id, { status: 'approved_by_admin_pending_store_release', notes: 'OK' });
    expect(byAdmin.json().request).toMatchObject({
      status: 'approved_by_admin_pending_store_release',
      adminNotes: 'OK',
    });
    expect((await step(admin, id, { status: 'rejected_by_admin' })).statusCode).toBe(409);

    const released = await step(store, id, { status: 'approved', notes: 'Loaded on the truck' });
    expect(released.statusCode, released.body).toBe(200);
    const { request: done, history } = released.json();
    expect(done.status).toBe('approved');
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'store_approve',
      'store_escalate',
      'admin_approve',
      'release',
    ]);
    expect(await itemOf(item.id)).toMatchObject({ quantity: 70, isLowStock: true });
    const listed = (await call(engineer, 'GET', `/inventory?search=${encodeURIComponent(item.name)}`)).json();
    expect(listed.items[0]).toMatchObject({ quantity: 70, isLowStock: true });
    const [issue] = (await call(engineer, 'GET', `/inventory/${item.id}/movements`)).json().movements;
    expect(issue).toMatchObject({
      kind: 'issue',
      quantity: -30,
      quantityAfter: 70,
      requestId: id,
      projectId: project.id,
    });
    expect((await step(store, id, { status: 'approved' })).statusCode).toBe(409);
    const requesterFeed = (await call(engineer, 'GET', '/notifications')).json().notifications;
    expect(requesterFeed[0].title).toBe('Inventory request released');
  });

  it('tell the requester in sentences naming the quantity the step left, and refuse in words', async () => {
    const item = await newItem({ quantity: 100, lowStockThreshold: 5 });
    const { id } = await newRequest(item.id, 30, engineer, project.id, 'For the slab');
    const latest = async (who: TestUser) =>
      (await call(who, 'GET', '/notifications')).json().notifications[0] as {
        title: string;
        message: string;
      };
    const tooEarly = await step(store, id, { status: 'approved' });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error).toBe(
      'Inventory request cannot be changed this way while it is waiting for the store keeper',
    );
    await step(store, id, { status: 'partially_approved_by_store', quantityApproved: 20, notes: '20 today' });
    expect(await latest(engineer)).toEqual(
      expect.objectContaining({
        title: 'Inventory request partially approved',
        message: `${store.name} approved 20 of the 30 bags of ${item.name} you asked for; it awaits release. Notes: "20 today"`,
      }),
    );
    await step(store, id, { status: 'pending_admin_approval' });
    expect(await latest(admin)).toEqual(
      expect.objectContaining({
        title: 'Inventory request awaits admin approval',
        message: `${store.name} sent a request for 20 bags of ${item.name} for your approval.`,
      }),
    );
    await step(admin, id, { status: 'approved_by_admin_pending_store_release' });
    expect((await latest(store)).message).toBe(
      `${admin.name} approved a request for 20 bags of ${item.name}; it awaits release.`,
    );
    await step(store, id, { status: 'approved' });
    expect(await latest(engineer)).toEqual(
      expect.objectContaining({
        title: 'Inventory request released',
        message: `${store.name} released 20 bags of ${item.name} for your request.`,
      }),
    );
  });

  it('let a lead escalate others’ pending requests but not their own; the admin step may ask a revision and be resubmitted', async () => {
    const item = await newItem();
    const own = await newRequest(item.id, 4, lead);
    expect((await step(lead, own.id, { status: 'pending_admin_approval' })).statusCode).toBe(403);
    const request = await newRequest(item.id, 4);
    const escalated = await step(lead, request.id, { status: 'pending_admin_approval', notes: 'Urgent' });
    expect(escalated.json().request).toMatchObject({
      status: 'pending_admin_approval',
      projectLeadNotes: 'Urgent',
    });
    const revise = await step(pm, request.id, {
      status: 'revision_requested_by_admin',
      notes: 'Fewer, please',
    });
    expect(revise.json().request).toMatchObject({
      status: 'revision_requested_by_admin',
      adminNotes: 'Fewer, please',
    });
    expect((await step(lead, request.id, { status: 'pending_store_keeper_approval' })).statusCode).toBe(403);
    const resubmitted = await step(engineer, request.id, {
      status: 'pending_store_keeper_approval',
      notes: 'Now 4',
    });
    expect(resubmitted.json().request).toMatchObject({
      status: 'pending_store_keeper_approval',
      notes: 'Now 4',
    });
    const partial = await step(store, request.id, {
      status: 'partially_approved_by_store',
      quantityApproved: 3,
    });
    expect(partial.json().request.quantityApproved).toBe(3);
    const before = (await itemOf(item.id)).quantity;
    expect((await step(store, request.id, { status: 'approved' })).statusCode).toBe(200);
    expect((await itemOf(item.id)).quantity).toBe(before - 3);
  });

  it('never issue more than is on hand: a release beyond the stock answers 409 naming what is there', async () => {
    const item = await newItem({ quantity: 5, lowStockThreshold: 0 });
    const request = await readyToRelease(item.id, 6);
    const refused = await step(store, request.id, { status: 'approved' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(`Only 5 bags of ${item.name} on hand`);
    expect((await itemOf(item.id)).quantity).toBe(5);
    expect((await call(engineer, 'GET', `/inventory/requests/${request.id}`)).json().request.status).toBe(
      'approved_by_admin_pending_store_release',
    );
  });

  it('issue exactly the stock to 20 concurrent releases against 10, and refuse the rest', async () => {
    const item = await newItem({ quantity: 10, lowStockThreshold: 4 });
    const requests = [];
    for (let i = 0; i < 20; i++) requests.push(await readyToRelease(item.id, 1));
    const answers = await Promise.all(requests.map((r) => step(store, r.id, { status: 'approved' })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    expect((await itemOf(item.id)).quantity).toBe(0);
    const movements = (await call(store, 'GET', `/inventory/${item.id}/movements?limit=100`)).json()
      .movements;
    expect(movements.filter((m: { kind: string }) => m.kind === 'issue')).toHaveLength(10);
    const lowStock = (
      (await call(admin, 'GET', '/notifications?limit=100')).json().notifications as Array<{
        title: string;
        message: string;
      }>
    ).filter((n) => n.title === 'Low stock' && n.message.startsWith(`${item.name} is low`));
    expect(lowStock).toHaveLength(1);
  });
});
