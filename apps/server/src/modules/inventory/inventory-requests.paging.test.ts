import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryRequestStatus } from '@trowel/shared/inventory/inventory-request.machine.ts';
import { TIME_DIRECTORY_STEP } from '../../db/created-directory.ts';
import { inventoryRequests } from '../../db/schema.ts';
import { everyPage } from '../../../test/every-page.ts';
import { expectPagesTogether } from '../../../test/pages-together.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';

interface Seeded {
  id: string;
  createdAt: Date;
  requestedById: string;
  projectId: string;
  status: InventoryRequestStatus;
  itemName: string;
}

let server: TestServer;
let store: TestUser;
let lead: TestUser;
let member: TestUser;
let ledProjectId: string;
const seeded: Seeded[] = [];
const STATUSES: InventoryRequestStatus[] = ['pending_store_keeper_approval', 'rejected_by_store', 'approved'];

beforeAll(async () => {
  server = await startTestServer();
  store = await server.user('store_keeper');
  lead = await server.user('project_lead');
  member = await server.user('team_member');
  const client = await server.user('client');
  const other = await server.user('project_lead');
  const led = await makeProject(server, { lead, client });
  ledProjectId = led.id;
  const elsewhere = await makeProject(server, { lead: other, client });
  // 270 requests, seven to a millisecond, so that most pages hold ties broken by id: more than two
  // directory steps of the whole list, of each reader's and of each status.
  const start = Date.parse('2026-03-01T08:00:00.000Z');
  const rows = Array.from({ length: 270 }, (_, i) => ({
    itemName: i % 2 === 0 ? `Sharp sand ${i}` : `Cement ${i}`,
    unit: 'bag',
    projectId: i % 3 === 0 ? elsewhere.id : led.id,
    requestedById: i % 2 === 0 ? member.id : other.id,
    quantityRequested: 1 + (i % 9),
    // Two in three pending, so that the status's own list is deeper than a directory step too.
    status: i % 3 === 0 ? STATUSES[(i / 3) % STATUSES.length]! : STATUSES[0]!,
    createdAt: new Date(start + Math.floor(i / 7)),
  }));
  const inserted = await server.ctx.db.insert(inventoryRequests).values(rows).returning();
  seeded.push(...inserted);
  await server.ctx.invalidate({ kind: 'stores' });
});
afterAll(() => server.stop());

/** The ids a reader's list holds, in its order, from the seeded rows and the visibility rule. */
function expected(reader: TestUser, descending: boolean, keep: (row: Seeded) => boolean = () => true) {
  const sees = (row: Seeded) =>
    reader === store ||
    row.requestedById === reader.id ||
    (reader === lead && row.projectId === ledProjectId);
  const rows = seeded.filter((row) => sees(row) && keep(row));
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  if (descending) rows.reverse();
  return rows.map((row) => row.id);
}

/** The requests log as the pages answer it. */
const LOG = { path: '/inventory/requests', key: 'requests' };

describe('the requests log read by numbered pages at any depth', () => {
  it.each([
    ['desc', true],
    ['asc', false],
  ])(
    'walks every page of the whole log, %s, row for row as the table orders it',
    async (order, descending) => {
      const walked = await everyPage(server, store, { ...LOG, query: `sortOrder=${order}`, limit: 30 });
      const all = expected(store, descending);
      expect(all.length).toBeGreaterThan(2 * TIME_DIRECTORY_STEP);
      expect(walked.total).toBe(all.length);
      expect(walked.ids).toEqual(all);
    },
  );

  it("gives each reader only the requests they see, in order: a lead's projects, a member's own", async () => {
    const forMember = await everyPage(server, member, { ...LOG, query: 'sortOrder=desc', limit: 40 });
    expect(forMember.ids).toEqual(expected(member, true));
    expect(forMember.total).toBe(forMember.ids.length);

    const forLead = await everyPage(server, lead, { ...LOG, query: 'sortOrder=asc', limit: 40 });
    const seen = expected(lead, false);
    expect(seen.length).toBeGreaterThan(TIME_DIRECTORY_STEP);
    expect(forLead.ids).toEqual(seen);
  });

  it('pages through a status and a search the same way, past their first directory step', async () => {
    const pending = await everyPage(server, store, {
      ...LOG,
      query: 'sortOrder=desc&status=pending_store_keeper_approval',
      limit: 20,
    });
    const allPending = expected(store, true, (row) => row.status === 'pending_store_keeper_approval');
    expect(allPending.length).toBeGreaterThan(TIME_DIRECTORY_STEP);
    expect({ ids: pending.ids, total: pending.total }).toEqual({ ids: allPending, total: allPending.length });

    const sand = await everyPage(server, store, { ...LOG, query: 'sortOrder=asc&search=sharp', limit: 10 });
    const allSand = expected(store, false, (row) => row.itemName.startsWith('Sharp sand'));
    expect(allSand.length).toBeGreaterThan(TIME_DIRECTORY_STEP);
    expect({ ids: sand.ids, total: sand.total }).toEqual({ ids: allSand, total: allSand.length });
  });

  it('answers an empty page past the end with the whole length', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/inventory/requests?page=40&limit=50',
      headers: store.auth,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ requests: unknown[]; pagination: { totalItems: number } }>();
    expect(body.requests).toEqual([]);
    expect(body.pagination.totalItems).toBe(seeded.length);
  });

  it('sees a new request on every page once stores change', async () => {
    await everyPage(server, store, { ...LOG, query: 'sortOrder=asc', limit: 50 });
    const [late] = await server.ctx.db
      .insert(inventoryRequests)
      .values({
        itemName: 'Late sand',
        unit: 'ton',
        projectId: seeded[1]!.projectId,
        requestedById: member.id,
        quantityRequested: 2,
        createdAt: new Date('2026-03-01T07:00:00.000Z'),
      })
      .returning();
    await server.ctx.invalidate({ kind: 'stores' });
    const walked = await everyPage(server, store, { ...LOG, query: 'sortOrder=asc', limit: 50 });
    expect(walked.ids[0]).toBe(late!.id);
    expect(walked.ids.slice(1)).toEqual(expected(store, false));
    expect(walked.total).toBe(seeded.length + 1);
    seeded.push(late!);
  });
});

describe('requests read one by one at the same moment', () => {
  it('give each reader the requests they may see only, as each reads alone', async () => {
    const readers = [store, lead, member];
    const asks = seeded.slice(0, 45).flatMap((row) => readers.map((reader) => ({ row, reader })));
    const actorOf = (reader: TestUser) =>
      ({ id: reader.id, role: reader.role }) as Parameters<
        typeof server.ctx.inventoryRequests.findVisibleRequest
      >[0];
    const together = await Promise.all(
      asks.map(({ row, reader }) => server.ctx.inventoryRequests.findVisibleRequest(actorOf(reader), row.id)),
    );
    for (const [index, { row, reader }] of asks.entries()) {
      const sees = expected(reader, true).includes(row.id);
      expect(together[index]?.id ?? null, `${reader.role} ${row.id}`).toBe(sees ? row.id : null);
      expect(together[index]).toEqual(
        await server.ctx.inventoryRequests.findVisibleRequest(actorOf(reader), row.id),
      );
    }
  });
});

describe('pages of the requests log asked for at the same moment', () => {
  it('give each reader, order and status the page each would read alone, from any start', async () => {
    const actorOf = (reader: TestUser) =>
      ({ id: reader.id, role: reader.role }) as Parameters<
        typeof server.ctx.inventoryRequests.requestsPage
      >[0];
    const pending = (row: Seeded) => row.status === 'pending_store_keeper_approval';
    const lists = [store, lead, member].flatMap((reader) =>
      [true, false].flatMap((descending) =>
        [undefined, 'pending_store_keeper_approval' as const].map((status) => ({
          label: `${reader.role} ${descending ? 'desc' : 'asc'} ${status ?? 'all'}`,
          reader,
          descending,
          status,
          ids: expected(reader, descending, status ? pending : undefined),
        })),
      ),
    );
    const byId = new Map(seeded.map((row) => [row.id, row]));
    await expectPagesTogether(
      lists,
      (id) => byId.get(id)!.createdAt,
      12,
      (list, start) =>
        server.ctx.inventoryRequests.requestsPage(
          actorOf(list.reader),
          { status: list.status },
          { start, limit: 12, descending: list.descending },
        ),
    );
  });
});
