import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrderStatus } from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { TIME_DIRECTORY_STEP } from '../../../db/created-directory.ts';
import { purchaseOrders, rfqs } from '../../../db/schema.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';
import { everyPage } from '../../../../test/every-page.ts';
import { expectPagesTogether } from '../../../../test/pages-together.ts';
import { insertVendor, type VendorFixture } from '../../../../test/procurement.ts';

interface Seeded {
  id: string;
  rfqId: string;
  approvedAt: Date;
  vendorId: string;
  projectId: string | null;
  status: PurchaseOrderStatus;
}

let server: TestServer;
let qs: TestUser;
let lead: TestUser;
let vendor: VendorFixture;
let ledProjectId: string;
const seeded: Seeded[] = [];

beforeAll(async () => {
  server = await startTestServer();
  qs = await server.user('quantity_surveyor');
  lead = await server.user('project_lead');
  const client = await server.user('client');
  vendor = await insertVendor(server);
  const rival = await insertVendor(server);
  ledProjectId = (await makeProject(server, { lead, client })).id;
  const elsewhere = await makeProject(server, { lead: await server.user('project_lead'), client });
  // 260 orders, five approved to a millisecond, so that most pages hold ties broken by id: more than
  // two directory steps of the whole list, and more than one of each vendor's and project's.
  const madeRfqs = await server.ctx.db
    .insert(rfqs)
    .values(Array.from({ length: 260 }, (_, i) => ({ title: `RFQ ${i}`, status: 'approved' as const })))
    .returning({ id: rfqs.id });
  const start = Date.parse('2026-04-01T09:00:00.000Z');
  const statuses: PurchaseOrderStatus[] = ['issued', 'partially_received', 'closed'];
  const inserted = await server.ctx.db
    .insert(purchaseOrders)
    .values(
      madeRfqs.map((rfq, i) => ({
        rfqId: rfq.id,
        vendorId: i % 2 === 0 ? vendor.vendorId : rival.vendorId,
        projectId: i % 5 === 0 ? null : i % 3 === 0 ? elsewhere.id : ledProjectId,
        totalAmount: 1000 + i,
        // Two in three issued, so that the status's own list is deeper than a directory step too.
        status: i % 3 === 0 ? statuses[(i / 3) % statuses.length]! : statuses[0]!,
        approvedAt: new Date(start + Math.floor(i / 5)),
      })),
    )
    .returning();
  seeded.push(...inserted);
  await server.ctx.invalidate({ kind: 'procurement' });
});
afterAll(() => server.stop());

/** The ids of the orders kept by `keep`, newest approved first, ties by id. */
function expected(keep: (row: Seeded) => boolean) {
  const rows = seeded.filter(keep);
  rows.sort((a, b) => b.approvedAt.getTime() - a.approvedAt.getTime() || (a.id < b.id ? 1 : -1));
  return rows.map((row) => row.id);
}

/** The purchase-order list as the pages answer it. */
const ORDERS = { path: '/purchase-orders', key: 'purchaseOrders' };

describe('the purchase-order list read by numbered pages at any depth', () => {
  it('walks every page of every order, row for row as the table orders them', async () => {
    const walked = await everyPage(server, qs, { ...ORDERS, query: '', limit: 30 });
    const all = expected(() => true);
    expect(all.length).toBeGreaterThan(2 * TIME_DIRECTORY_STEP);
    expect(walked.total).toBe(all.length);
    expect(walked.ids).toEqual(all);
  });

  it("gives a vendor only their own orders and a lead only their projects' orders, in order", async () => {
    const own = await everyPage(server, vendor, { ...ORDERS, query: '', limit: 25 });
    const vendors = expected((row) => row.vendorId === vendor.vendorId);
    expect(vendors.length).toBeGreaterThan(TIME_DIRECTORY_STEP);
    expect({ ids: own.ids, total: own.total }).toEqual({ ids: vendors, total: vendors.length });

    const led = await everyPage(server, lead, { ...ORDERS, query: '', limit: 20 });
    const leads = expected((row) => row.projectId === ledProjectId);
    expect({ ids: led.ids, total: led.total }).toEqual({ ids: leads, total: leads.length });
  });

  it('pages through one status the same way, past its first directory step', async () => {
    const issued = await everyPage(server, qs, { ...ORDERS, query: 'status=issued', limit: 15 });
    const all = expected((row) => row.status === 'issued');
    expect(all.length).toBeGreaterThan(TIME_DIRECTORY_STEP);
    expect({ ids: issued.ids, total: issued.total }).toEqual({ ids: all, total: all.length });
  });

  it('gives pages read at the same moment each their own orders', async () => {
    await server.ctx.invalidate({ kind: 'procurement' });
    const limit = 20;
    const all = expected(() => true);
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(all.length / limit) }, async (_, index) => {
        const response = await server.app.inject({
          method: 'GET',
          url: `/api/purchase-orders?page=${index + 1}&limit=${limit}`,
          headers: qs.auth,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response
          .json<{ purchaseOrders: Array<{ id: string }> }>()
          .purchaseOrders.map((order) => order.id);
      }),
    );
    expect(pages.flat()).toEqual(all);
  });
});

describe('purchase orders read one by one at the same moment', () => {
  it('give each reader the orders of their own scope only, as each reads alone', async () => {
    const scopes = [{ vendorId: null }, { vendorId: vendor.vendorId }, { vendorId: null, leadId: lead.id }];
    const asks = seeded.slice(0, 40).flatMap((order) => scopes.map((scope) => ({ id: order.id, scope })));
    const together = await Promise.all(
      asks.map(({ id, scope }) => server.ctx.purchaseOrders.find(id, scope)),
    );
    for (const [index, { id, scope }] of asks.entries()) {
      const order = seeded.find((made) => made.id === id)!;
      const inScope = scope.vendorId
        ? order.vendorId === scope.vendorId
        : !scope.leadId || order.projectId === ledProjectId;
      expect(together[index]?.id ?? null, JSON.stringify({ id, scope })).toBe(inScope ? id : null);
      expect(together[index]).toEqual(await server.ctx.purchaseOrders.find(id, scope));
    }
  });

  it("give each reader an RFQ's order only when it is in their scope, and none for an RFQ without one", async () => {
    const [withoutOrder] = await server.ctx.db
      .insert(rfqs)
      .values({ title: 'RFQ still with its vendors', status: 'pending_vendor_response' })
      .returning({ id: rfqs.id });
    const scopes = [{ vendorId: null }, { vendorId: vendor.vendorId }, { vendorId: null, leadId: lead.id }];
    const rfqIds = [...seeded.slice(0, 30).map((order) => order.rfqId), withoutOrder!.id, 'not-a-uuid'];
    const asks = rfqIds.flatMap((rfqId) => scopes.map((scope) => ({ rfqId, scope })));
    const together = await Promise.all(
      asks.map(({ rfqId, scope }) => server.ctx.purchaseOrders.summaryOfRfq(rfqId, scope)),
    );
    for (const [index, { rfqId, scope }] of asks.entries()) {
      const order = seeded.find((made) => made.rfqId === rfqId);
      const inScope =
        order !== undefined &&
        (scope.vendorId
          ? order.vendorId === scope.vendorId
          : !scope.leadId || order.projectId === ledProjectId);
      const what = JSON.stringify({ rfqId, scope });
      expect(together[index]?.id ?? null, what).toBe(inScope ? order.id : null);
      expect(together[index]?.rfq.id ?? rfqId, what).toBe(rfqId);
      expect(together[index], what).toEqual(await server.ctx.purchaseOrders.summaryOfRfq(rfqId, scope));
    }
  });
});

describe('pages of the purchase orders asked for at the same moment', () => {
  it('give each scope and status the page each would read alone, from any start', async () => {
    const scopes = [{ vendorId: null }, { vendorId: vendor.vendorId }, { vendorId: null, leadId: lead.id }];
    const inScope = (scope: (typeof scopes)[number], order: Seeded) =>
      scope.vendorId ? order.vendorId === scope.vendorId : !scope.leadId || order.projectId === ledProjectId;
    const lists = scopes.flatMap((scope) =>
      [undefined, 'issued' as const].map((status) => ({
        label: `${JSON.stringify(scope)} ${status ?? 'all'}`,
        scope,
        status,
        ids: expected((order) => inScope(scope, order) && (!status || order.status === status)),
      })),
    );
    const byId = new Map(seeded.map((order) => [order.id, order]));
    await expectPagesTogether(
      lists,
      (id) => byId.get(id)!.approvedAt,
      15,
      (list, start) => server.ctx.purchaseOrders.page(list.scope, { status: list.status }, start, 15),
    );
  });
});
