import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyCostsAnswer } from '@trowel/shared/costs/cost.schemas.ts';
import type { ProjectCostsDto } from '@trowel/shared/costs/cost.schemas.ts';
import { MAX_AMOUNT } from '@trowel/shared/money/kobo.ts';
import type { RfqAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';
import { insertQuote, insertRfq, insertVendor, type VendorFixture } from '../../../test/procurement.ts';

let server: TestServer;
let admin: TestUser,
  qs: TestUser,
  accountant: TestUser,
  keeper: TestUser,
  lead: TestUser,
  otherLead: TestUser;
let vendor: VendorFixture;
let projectId: string, otherProjectId: string;
const material = `Cement ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs, accountant, keeper, lead, otherLead] = await Promise.all([
    server.user('admin'),
    server.user('quantity_surveyor'),
    server.user('accountant'),
    server.user('store_keeper'),
    server.user('project_lead'),
    server.user('project_lead'),
  ]);
  vendor = await insertVendor(server, { name: 'Lagos Cement Co' });
  const client = await server.user('client');
  projectId = (await makeProject(server, { lead, client }, { title: 'Ikoyi Towers', spent: 1_000 })).id;
  otherProjectId = (await makeProject(server, { lead: otherLead, client })).id;
});
afterAll(() => server.stop());

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: who.auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ok<T>(who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

/** 10 bags of the material ordered for a project at a price, approved and received in full. */
async function receivedOrder(project: string, unitPrice: number) {
  const rfq = await insertRfq(server, qs, [vendor], {
    projectId: project,
    items: [{ name: material, quantity: 10, unit: 'bags' }],
  });
  await insertQuote(server, rfq, vendor, [unitPrice]);
  await ok(qs, 'PUT', `/rfqs/${rfq.id}/status`, {
    status: 'pending_admin_approval',
    vendorId: vendor.vendorId,
  });
  await ok(admin, 'PUT', `/rfqs/${rfq.id}/status`, { status: 'approved', vendorId: vendor.vendorId });
  const orderId = (await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfq.id}`)).rfq.purchaseOrder!.id;
  const itemId = rfq.items[0]!.id;
  await ok(keeper, 'POST', `/purchase-orders/${orderId}/deliveries`, {
    items: [{ itemId, quantityReceived: 10 }],
    waybillNumber: 'WB-1',
    deliveredOn: '2026-11-20',
  });
  return { orderId, itemId };
}

const costsOf = async (who: TestUser, project = projectId) =>
  (await ok<{ costs: ProjectCostsDto }>(who, 'GET', `/projects/${project}/costs`)).costs;

describe('what a project costs', () => {
  it('sets the approved budget against committed, received, invoiced, paid and stock issued', async () => {
    // Budget: materials 10 × ₦6,000 and labour ₦20,000, approved.
    const { budget } = await ok<{ budget: { id: string } }>(accountant, 'POST', '/budgets', {
      projectId,
      items: [
        { description: 'Cement', quantity: 10, unitPrice: 6_000 },
        { description: 'Masons', quantity: 1, unitPrice: 20_000, category: 'Labour' },
      ],
    });
    await ok(admin, 'POST', `/budgets/${budget.id}/approve`, {});
    expect(await costsOf(accountant)).toMatchObject({ approvedBudget: 80_000, actual: 0, variance: 80_000 });

    // Ordered and received for this project at ₦5,000, then for another at ₦7,000: ₦6,000 on average.
    const { orderId, itemId } = await receivedOrder(projectId, 5_000);
    await receivedOrder(otherProjectId, 7_000);
    let costs = await costsOf(accountant);
    expect(costs).toMatchObject({ committed: 50_000, received: 50_000, invoiced: 0, paid: 0 });

    // Invoiced with VAT, approved and paid.
    const { invoice } = await ok<{ invoice: { id: string } }>(
      accountant,
      'POST',
      `/purchase-orders/${orderId}/invoices`,
      {
        invoiceNumber: `INV-${randomUUID().slice(0, 6)}`,
        invoiceDate: '2026-11-22',
        items: [{ itemId, quantity: 10, unitPrice: 5_000 }],
        vatAmount: 3_750,
      },
    );
    await ok(accountant, 'POST', `/invoices/${invoice.id}/approve`, { remarks: '' });
    await ok(accountant, 'POST', `/invoices/${invoice.id}/payments`, {
      amount: 53_750,
      paidOn: '2026-11-23',
      method: 'bank_transfer',
      reference: 'TRF-1',
    });
    costs = await costsOf(accountant);
    expect(costs).toMatchObject({ invoiced: 53_750, paid: 53_750, stockIssued: 0, actual: 53_750 });

    // 15 bags released to the project: the 10 its own order brought are paid for already; the other
    // 5 are charged at the average cost on the issue (15 × ₦6,000 × 5/15 = ₦30,000).
    const stockItem = (
      await ok<{ items: Array<{ id: string; name: string }> }>(
        keeper,
        'GET',
        `/inventory?search=${encodeURIComponent(material)}`,
      )
    ).items.find((item) => item.name === material)!;
    const { request } = await ok<{ request: { id: string } }>(lead, 'POST', '/inventory/requests', {
      inventoryItemId: stockItem.id,
      projectId,
      quantityRequested: 15,
      itemName: material,
    });
    await ok(keeper, 'PUT', `/inventory/requests/${request.id}`, {
      status: 'approved_by_store_pending_release',
    });
    await ok(keeper, 'PUT', `/inventory/requests/${request.id}`, { status: 'approved' });

    costs = await costsOf(accountant);
    expect(costs).toMatchObject({
      approvedBudget: 80_000,
      committed: 50_000,
      received: 50_000,
      invoiced: 53_750,
      paid: 53_750,
      stockIssued: 30_000,
      actual: 83_750,
      variance: -3_750,
      overBudget: true,
    });
    expect(costs.byCategory).toEqual([
      expect.objectContaining({
        category: 'Materials',
        approvedBudget: 60_000,
        actual: 83_750,
        overBudget: true,
      }),
      expect.objectContaining({ category: 'Labour', approvedBudget: 20_000, actual: 0, overBudget: false }),
    ]);

    // The project's spent is now the ₦1,000 typed before its first order plus what it actually cost
    // since, and can no longer be typed.
    const { project } = await ok<{
      project: { spent: number; spentDerived: boolean; spentBeforeTracking: number };
    }>(admin, 'GET', `/projects/${projectId}`);
    expect(project).toMatchObject({ spent: 84_750, spentDerived: true, spentBeforeTracking: 1_000 });
    const typed = await call(admin, 'PUT', `/projects/${projectId}`, { spent: 1 });
    expect(typed.statusCode).toBe(409);
    expect(typed.json().error).toContain('Spent is worked out');

    // The lead is told once that materials went over budget.
    const feed = await ok<{ notifications: Array<{ title: string; link: string }> }>(
      lead,
      'GET',
      '/notifications?limit=100',
    );
    const notices = feed.notifications.filter((notice) => notice.title === 'Over budget: Materials');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.link).toBe(`/projects/${projectId}/costs`);

    // The CSV carries the same figures.
    const csv = await call(accountant, 'GET', `/projects/${projectId}/costs/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('costs-ikoyi-towers.csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Category,Approved budgets,Committed,Received,Invoiced,Paid,Stock issued,Actual,Variance,Over budget',
    );
    expect(rows).toContain(
      'Materials,60000.00,50000.00,50000.00,53750.00,53750.00,30000.00,83750.00,-23750.00,yes',
    );
    expect(rows.at(-1)).toBe(
      'Total,80000.00,50000.00,50000.00,53750.00,53750.00,30000.00,83750.00,-3750.00,yes',
    );
  });

  it('shows the company view to the administrator and the accountant, with totals of every project', async () => {
    const answer = await ok<CompanyCostsAnswer>(accountant, 'GET', '/costs?limit=100');
    const row = answer.costs.find((costs) => costs.projectId === projectId)!;
    const mine = await costsOf(accountant);
    expect(row).toMatchObject({ actual: mine.actual, approvedBudget: mine.approvedBudget, overBudget: true });
    const sum = (key: 'committed' | 'actual') =>
      answer.costs.reduce((total, costs) => total + Math.round(costs[key] * 100), 0) / 100;
    expect(answer.totals.committed).toBe(sum('committed'));
    expect(answer.totals.actual).toBe(sum('actual'));
    expect(answer.totals.overBudgetProjects).toBeGreaterThanOrEqual(1);
    expect(answer.pagination.totalItems).toBe(answer.costs.length);
    expect((await call(qs, 'GET', '/costs')).statusCode).toBe(403);
    expect((await call(accountant, 'GET', '/costs?limit=0')).statusCode).toBe(400);
  });

  it('is refused to those who may not see internal costs, and 404 for a project a lead does not lead', async () => {
    const url = `/projects/${projectId}/costs`;
    for (const role of ['client', 'vendor', 'team_member', 'store_keeper'] as const) {
      const who = await server.user(role);
      expect((await call(who, 'GET', url)).statusCode, role).toBe(403);
      expect((await call(who, 'GET', `${url}/export`)).statusCode, role).toBe(403);
    }
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(otherLead, 'GET', url)).statusCode).toBe(404);
    expect((await call(otherLead, 'GET', `${url}/export`)).statusCode).toBe(404);
    expect((await call(lead, 'GET', url)).statusCode).toBe(200);
    expect(
      (await call(admin, 'GET', '/projects/00000000-0000-4000-8000-000000000000/costs')).statusCode,
    ).toBe(404);
  });

  it('keeps a worked-out spent within the largest amount, so the step that works it out never fails on it', async () => {
    const full = await makeProject(
      server,
      { lead, client: await server.user('client') },
      { spent: MAX_AMOUNT },
    );
    expect(await server.ctx.costs.setDerivedSpent(full.id, 5_000_00)).toBe(true);
    const { project } = await ok<{ project: { spent: number; spentBeforeTracking: number } }>(
      admin,
      'GET',
      `/projects/${full.id}`,
    );
    expect(project).toMatchObject({ spent: MAX_AMOUNT, spentBeforeTracking: MAX_AMOUNT });
    // Worked out again with the same figures, nothing changes.
    expect(await server.ctx.costs.setDerivedSpent(full.id, 5_000_00)).toBe(false);
  });

  it('keeps a typed spent for a project with no orders or stock issued', async () => {
    const fresh = await makeProject(server, { lead, client: await server.user('client') });
    const { project } = await ok<{ project: { spent: number; spentDerived: boolean } }>(
      admin,
      'PUT',
      `/projects/${fresh.id}`,
      { spent: 2_500 },
    );
    expect(project).toMatchObject({ spent: 2_500, spentDerived: false });
  });
});
