import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorOwnStats } from '@trowel/shared/procurement/vendor.schemas.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';
import { makeRfq, makeVendor, postQuote, setStatus, type TestVendor } from '../../../../test/procurement.ts';

/**
 * What vendors are shown once an RFQ is awarded: the winner their win at the agreed prices (value won
 * is their purchase orders' totals), everyone else 'Not selected', with counters that count wins only.
 */
let server: TestServer;
let admin: TestUser, qs: TestUser;
let winner: TestVendor, loser: TestVendor, silent: TestVendor;
let negotiated: { rfqId: string; negotiationId: string };
let quotedOnly: { rfqId: string };

const ITEMS = [
  { name: 'Cement 42.5R', quantity: 3, unit: 'bags' },
  { name: 'Binding wire', quantity: 7, unit: 'rolls' },
];

const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

async function expectOk(response: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

/** An RFQ to the three vendors, sent, quoted by the winner and the loser at `prices`. */
async function quotedRfq(prices: { winner: number[]; loser: number[] }) {
  const rfq = await makeRfq(server, qs, [winner.vendor.id, loser.vendor.id, silent.vendor.id], {
    items: ITEMS,
  });
  await expectOk(await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' }));
  await expectOk(await postQuote(server, winner.user, rfq, prices.winner), 201);
  await expectOk(await postQuote(server, loser.user, rfq, prices.loser), 201);
  return rfq;
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs] = await Promise.all([server.user('admin'), server.user('quantity_surveyor')]);
  winner = await makeVendor(server, admin, { name: 'Winning Cement Ltd' });
  loser = await makeVendor(server, admin, { name: 'Second Place Ltd' });
  silent = await makeVendor(server, admin, { name: 'Never Quoted Ltd' });

  // Quoted 3 × ₦411,522.63 + 7 × ₦100.01 = ₦1,235,267.96; agreed at ₦411,522.61: ₦1,235,267.90.
  const first = await quotedRfq({ winner: [411_522.63, 100.01], loser: [420_000, 120] });
  const sent = await expectOk(
    await call(qs, 'POST', `/rfqs/${first.id}/negotiate`, {
      vendorId: winner.vendor.id,
      items: first.items.map((item, index) => ({
        itemId: item.id,
        negotiatedUnitPrice: [411_522.61, 100.01][index],
      })),
      negotiationNotes: 'Two kobo off the cement',
      totalAmount: 1,
    }),
    201,
  );
  const negotiationId = sent.negotiation.id as string;
  await expectOk(
    await call(winner.user, 'POST', `/rfqs/${first.id}/negotiations/${negotiationId}/accept`, {}),
  );
  await expectOk(
    await call(qs, 'POST', `/rfqs/${first.id}/negotiations/${negotiationId}/approve-final-terms`, {}),
  );
  await expectOk(
    await setStatus(server, admin, first.id, { status: 'approved', vendorId: winner.vendor.id }),
  );
  negotiated = { rfqId: first.id, negotiationId };

  // Quoted and ordered as quoted: 3 × ₦0.10 + 7 × ₦0.20 = ₦1.70.
  const second = await quotedRfq({ winner: [0.1, 0.2], loser: [0.2, 0.3] });
  await expectOk(
    await setStatus(server, qs, second.id, { status: 'pending_admin_approval', vendorId: winner.vendor.id }),
  );
  await expectOk(
    await setStatus(server, admin, second.id, { status: 'approved', vendorId: winner.vendor.id }),
  );
  quotedOnly = { rfqId: second.id };
});
afterAll(() => server.stop());

const statsOf = async (who: TestVendor) =>
  (await expectOk(await call(who.user, 'GET', '/vendors/my-stats'))).stats as VendorOwnStats;
const listOf = async (who: TestVendor) =>
  (await expectOk(await call(who.user, 'GET', '/rfqs/vendor/my-rfqs?limit=50'))).rfqs as Array<{
    id: string;
    status: string;
    statusLabel: string;
    totalAmount: number | null;
  }>;

describe('the vendor awarded', () => {
  it('has won the purchase orders’ totals at the agreed prices, exact to the kobo', async () => {
    const stats = await statsOf(winner);
    // ₦1,235,267.90 + ₦1.70, not the quotes' ₦1,235,269.66 (and not 1235269.5999… of a float sum).
    expect(stats.valueWon).toBe(1_235_269.6);
    expect(stats.valueQuoted).toBe(1_235_269.66);
    expect(stats).toMatchObject({ rfqsWon: 2, approved: 2, notSelected: 0, quotesSubmitted: 2 });
    const orders = (await expectOk(await call(winner.user, 'GET', '/purchase-orders')))
      .purchaseOrders as Array<{
      totalAmount: number;
    }>;
    const ordersKobo = orders.reduce((sum, order) => sum + Math.round(order.totalAmount * 100), 0);
    expect(Math.round(stats.valueWon * 100)).toBe(ordersKobo);
  });

  it('sees the RFQ as awarded to them, with the purchase order at the negotiated prices', async () => {
    const { rfq } = await expectOk(await call(winner.user, 'GET', `/rfqs/${negotiated.rfqId}`));
    expect(rfq).toMatchObject({
      status: 'approved',
      statusLabel: 'Selected - Congratulations!',
      isSelected: true,
      selectedVendorId: winner.vendor.id,
      response: { totalAmount: 1_235_267.96, status: 'selected' },
      purchaseOrder: {
        poNumber: expect.stringMatching(/^PO-\d{6}$/),
        totalAmount: 1_235_267.9,
        negotiationId: negotiated.negotiationId,
        vendor: { id: winner.vendor.id },
      },
    });
    expect(rfq.negotiations).toMatchObject([{ id: negotiated.negotiationId, status: 'vendor_accepted' }]);
    const order = await expectOk(await call(winner.user, 'GET', `/purchase-orders/${rfq.purchaseOrder.id}`));
    expect(order.purchaseOrder.totalAmount).toBe(1_235_267.9);
    const row = (await listOf(winner)).find((listed) => listed.id === negotiated.rfqId);
    expect(row).toMatchObject({ status: 'approved', statusLabel: 'Approved' });
  });
});

describe('a vendor not selected', () => {
  it('sees "Not selected" on the list and the detail, their own quote kept, nothing of the winner', async () => {
    const rows = await listOf(loser);
    for (const rfqId of [negotiated.rfqId, quotedOnly.rfqId]) {
      expect(rows.find((row) => row.id === rfqId)).toMatchObject({
        status: 'not_selected',
        statusLabel: 'Not selected',
      });
    }
    expect(rows.find((row) => row.id === negotiated.rfqId)?.totalAmount).toBe(3 * 420_000 + 7 * 120);
    const response = await call(loser.user, 'GET', `/rfqs/${negotiated.rfqId}`);
    const { rfq } = await expectOk(response);
    expect(rfq).toMatchObject({
      status: 'not_selected',
      statusLabel: 'Not selected',
      isSelected: false,
      selectedVendorId: null,
      purchaseOrder: null,
      response: { totalAmount: 1_260_840, status: 'not_selected' },
    });
    expect(response.body).not.toContain(winner.vendor.name);
    expect(response.body).not.toContain('1235267');
    expect(response.body).not.toContain('411522');
  });

  it('counts wins only: nothing approved, nothing won, both RFQs not selected', async () => {
    const stats = await statsOf(loser);
    expect(stats).toMatchObject({
      totalRfqs: 2,
      approved: 0,
      rfqsWon: 0,
      notSelected: 2,
      valueWon: 0,
      quotesSubmitted: 2,
      valueQuoted: 1_260_842.7,
    });
    expect(stats.byStatus).toMatchObject({ approved: 0, not_selected: 2 });
  });

  it('reads the same when they never quoted, and cannot open the winner’s order', async () => {
    expect((await listOf(silent)).map((row) => row.status)).toEqual(['not_selected', 'not_selected']);
    expect(await statsOf(silent)).toMatchObject({ approved: 0, rfqsWon: 0, notSelected: 2, valueWon: 0 });
    const { rfq } = await expectOk(await call(winner.user, 'GET', `/rfqs/${negotiated.rfqId}`));
    expect((await call(loser.user, 'GET', `/purchase-orders/${rfq.purchaseOrder.id}`)).statusCode).toBe(404);
  });
});

describe('an order cancelled', () => {
  it('is no longer counted in what the vendor won', async () => {
    const before = await statsOf(winner);
    const { rfq } = await expectOk(await call(winner.user, 'GET', `/rfqs/${negotiated.rfqId}`));
    const cancelled = await call(admin, 'POST', `/purchase-orders/${rfq.purchaseOrder.id}/cancel`, {
      remarks: 'Project paused',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await statsOf(winner);
    expect(Math.round((before.valueWon - after.valueWon) * 100)).toBe(
      Math.round(rfq.purchaseOrder.totalAmount * 100),
    );
  });
});
