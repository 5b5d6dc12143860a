import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NegotiationDto } from '@trowel/shared/negotiations/negotiation.schemas.ts';
import type { RfqAnswer, VendorRfqAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import type {
  PurchaseOrderAnswer,
  PurchaseOrderListAnswer,
} from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';
import {
  insertQuote,
  insertRfq,
  insertVendor,
  type RfqFixture,
  type VendorFixture,
} from '../../../../test/procurement.ts';

let server: TestServer;
let admin: TestUser, qs: TestUser, accountant: TestUser, engineer: TestUser;
let vendor: VendorFixture, rival: VendorFixture;

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs, accountant, engineer] = await Promise.all([
    server.user('admin', { name: 'Ada Admin' }),
    server.user('quantity_surveyor'),
    server.user('accountant'),
    server.user('team_member'),
  ]);
  vendor = await insertVendor(server, { name: 'Lagos Cement Co' });
  rival = await insertVendor(server, { name: 'Rival Blocks' });
});
afterAll(() => server.stop());

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: who.auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ok<T>(
  who: TestUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

const negotiate = (rfq: RfqFixture, prices: number[], extra: object = {}) =>
  ok<{ negotiation: NegotiationDto }>(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, {
    vendorId: vendor.vendorId,
    items: rfq.items.map((item, index) => ({ itemId: item.id, negotiatedUnitPrice: prices[index] })),
    negotiationNotes: 'Please consider',
    ...extra,
  }).then((answer) => answer.negotiation);

const setStatus = (who: TestUser, rfq: RfqFixture, status: string, vendorId?: string) =>
  call(who, 'PUT', `/rfqs/${rfq.id}/status`, { status, notes: 'ok', ...(vendorId ? { vendorId } : {}) });

/** Cement ₦5,000 × 100 and sand ₦80,000 × 3 from the vendor; the rival a little dearer. */
async function quotedRfq() {
  const rfq = await insertRfq(server, qs, [vendor, rival]);
  await insertQuote(server, rfq, vendor, [5000, 80_000]);
  await insertQuote(server, rfq, rival, [5100, 81_000]);
  return rfq;
}

describe('from negotiation to purchase order', () => {
  it('counter, counter negotiation, accept, final terms, approval: the order carries the agreed prices', async () => {
    const rfq = await quotedRfq();
    const first = await negotiate(rfq, [4500, 75_000]);
    await ok(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${first.id}/counter`, {
      items: rfq.items.map((item, index) => ({ itemId: item.id, counterUnitPrice: [4800, 78_000][index] })),
      notes: 'Our best',
      totalAmount: 714_000,
    });
    const second = await negotiate(rfq, [4700, 77_500.25], {
      isCounterOffer: true,
      originalNegotiationId: first.id,
    });
    await ok(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${second.id}/accept`);
    await ok(qs, 'POST', `/rfqs/${rfq.id}/negotiations/${second.id}/approve-final-terms`, {});
    // Only the admin selects and approves.
    expect((await setStatus(qs, rfq, 'approved', vendor.vendorId)).statusCode).toBe(403);
    expect((await setStatus(admin, rfq, 'approved', vendor.vendorId)).statusCode).toBe(200);

    const detail = await ok<RfqAnswer>(qs, 'GET', `/rfqs/${rfq.id}`);
    expect(detail.rfq.status).toBe('approved');
    expect(detail.rfq.negotiations.map((n) => n.status)).toEqual([
      'vendor_counter_offered',
      'vendor_accepted',
    ]);
    // The latest round with the vendor comes with its items; the earlier one with its count only,
    // its items a call away.
    const [earlier, latest] = detail.rfq.negotiations;
    expect(earlier).toMatchObject({ id: first.id, itemCount: 2 });
    expect(earlier!.items).toBeUndefined();
    expect(latest!.itemCount).toBe(2);
    expect(latest!.items!.map((item) => item.negotiatedUnitPrice)).toEqual([4700, 77_500.25]);
    const full = await ok<{ negotiation: NegotiationDto }>(
      qs,
      'GET',
      `/rfqs/${rfq.id}/negotiations/${first.id}`,
    );
    expect(full.negotiation.items.map((item) => item.counterUnitPrice)).toEqual([4800, 78_000]);
    const summary = detail.rfq.purchaseOrder!;
    expect(summary).toMatchObject({
      vendor: { id: vendor.vendorId, name: 'Lagos Cement Co' },
      totalAmount: 470_000 + 232_500.75,
    });
    expect(summary.poNumber).toMatch(/^PO-\d{6}$/);

    const { purchaseOrder } = await ok<PurchaseOrderAnswer>(admin, 'GET', `/purchase-orders/${summary.id}`);
    expect(purchaseOrder).toMatchObject({
      rfq: { id: rfq.id, title: rfq.title },
      negotiationId: second.id,
      approvedBy: { id: admin.id, name: 'Ada Admin' },
      currency: 'NGN',
    });
    expect(
      purchaseOrder.items.map((item) => [
        item.name,
        item.quantity,
        item.unitPrice,
        item.totalPrice,
        item.priceSource,
      ]),
    ).toEqual([
      ['Cement 42.5R', 100, 4700, 470_000, 'negotiation'],
      ['Sharp sand', 3, 77_500.25, 232_500.75, 'negotiation'],
    ]);

    // The vendor awarded sees it on their RFQ and is told; the rival sees nothing of it.
    const theirs = await ok<VendorRfqAnswer>(vendor, 'GET', `/rfqs/${rfq.id}`);
    expect(theirs.rfq.purchaseOrder?.id).toBe(summary.id);
    expect(theirs.rfq.negotiations.map((n) => n.items.length)).toEqual([2, 2]);
    // Their list of RFQs gives the order's total (the agreed prices), the rival's their own quote's.
    type ListedTotals = { rfqs: Array<{ id: string; totalAmount: number | null }> };
    const listedTotal = async (who: TestUser) =>
      (await ok<ListedTotals>(who, 'GET', '/rfqs/vendor/my-rfqs?limit=100')).rfqs.find(
        (listed) => listed.id === rfq.id,
      )?.totalAmount;
    expect(await listedTotal(vendor)).toBe(470_000 + 232_500.75);
    expect(await listedTotal(rival)).toBe(5100 * 100 + 81_000 * 3);
    const rivals = await ok<VendorRfqAnswer>(rival, 'GET', `/rfqs/${rfq.id}`);
    expect(rivals.rfq.purchaseOrder).toBeNull();
    expect(rivals.rfq.negotiations).toEqual([]);
    // No price or total of the winner's (4,700 and 470,000) as a value: a random id may hold the digits.
    expect(JSON.stringify(rivals)).not.toMatch(/[:[,]4700\d*(\.\d+)?[,\]}]/);
    expect((await call(rival, 'GET', `/purchase-orders/${summary.id}`)).statusCode).toBe(404);
    const feed = await ok<{ notifications: Array<{ title: string; link: string }> }>(
      vendor,
      'GET',
      '/notifications',
    );
    expect(feed.notifications).toContainEqual(
      expect.objectContaining({
        title: `Purchase order ${summary.poNumber} awarded`,
        link: `/purchase-orders/${summary.id}`,
      }),
    );
  });

  it('prices the quote when no negotiation was accepted, and numbers orders in sequence', async () => {
    const first = await quotedRfq();
    const second = await quotedRfq();
    for (const rfq of [first, second]) {
      expect((await setStatus(qs, rfq, 'pending_admin_approval', vendor.vendorId)).statusCode).toBe(200);
      expect((await setStatus(admin, rfq, 'approved', vendor.vendorId)).statusCode).toBe(200);
    }
    const orders = await Promise.all(
      [first, second].map(
        async (rfq) => (await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfq.id}`)).rfq.purchaseOrder!,
      ),
    );
    expect(orders[1]!.number).toBe(orders[0]!.number + 1);
    // Read at the same moment (their lines by one statement), each order carries its own RFQ's lines.
    const both = await Promise.all(
      orders.map((order) => ok<PurchaseOrderAnswer>(qs, 'GET', `/purchase-orders/${order.id}`)),
    );
    both.forEach(({ purchaseOrder: read }, index) => {
      expect(read.items.map((item) => item.itemId)).toEqual(
        [first, second][index]!.items.map((item) => item.id),
      );
    });
    const { purchaseOrder } = both[0]!;
    expect(purchaseOrder.negotiationId).toBeNull();
    expect(purchaseOrder.items.map((item) => [item.unitPrice, item.priceSource])).toEqual([
      [5000, 'quote'],
      [80_000, 'quote'],
    ]);
    expect(purchaseOrder.totalAmount).toBe(740_000);
  });

  it('returns to the QS and asks for new quotes; earlier negotiations stay', async () => {
    const rfq = await quotedRfq();
    const offer = await negotiate(rfq, [4000, 70_000]);
    await ok(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${offer.id}/accept`);
    await ok(qs, 'POST', `/rfqs/${rfq.id}/negotiations/${offer.id}/approve-final-terms`, {});
    expect((await setStatus(admin, rfq, 'under_negotiation')).statusCode).toBe(200);
    expect((await setStatus(qs, rfq, 'pending_vendor_response')).statusCode).toBe(200);
    const detail = await ok<RfqAnswer>(qs, 'GET', `/rfqs/${rfq.id}`);
    expect(detail.rfq.status).toBe('pending_vendor_response');
    expect(detail.rfq.negotiations.map((n) => n.id)).toEqual([offer.id]);
    // No negotiation while quotes are awaited, and no bare status change into negotiation.
    expect(
      (
        await call(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, {
          vendorId: vendor.vendorId,
          items: [],
          negotiationNotes: 'x',
        })
      ).statusCode,
    ).toBe(400);
    const refused = await call(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, {
      vendorId: vendor.vendorId,
      items: rfq.items.map((item) => ({ itemId: item.id, negotiatedUnitPrice: 1 })),
      negotiationNotes: 'x',
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('purchase orders', () => {
  let orderId: string;
  beforeAll(async () => {
    const rfq = await quotedRfq();
    await setStatus(qs, rfq, 'pending_admin_approval', vendor.vendorId);
    await setStatus(admin, rfq, 'approved', vendor.vendorId);
    orderId = (await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfq.id}`)).rfq.purchaseOrder!.id;
  });

  it('are listed for procurement staff and the accountant, for a vendor only theirs; other roles 403', async () => {
    const staff = await ok<PurchaseOrderListAnswer>(qs, 'GET', '/purchase-orders?limit=100');
    expect(staff.purchaseOrders.map((order) => order.id)).toContain(orderId);
    expect(staff.pagination.totalItems).toBe(staff.purchaseOrders.length);
    const own = await ok<PurchaseOrderListAnswer>(vendor, 'GET', '/purchase-orders');
    expect(own.purchaseOrders.every((order) => order.vendor.id === vendor.vendorId)).toBe(true);
    const rivals = await ok<PurchaseOrderListAnswer>(rival, 'GET', '/purchase-orders');
    expect(rivals).toMatchObject({ purchaseOrders: [], pagination: { totalItems: 0 } });
    const accounts = await ok<PurchaseOrderListAnswer>(accountant, 'GET', '/purchase-orders?limit=100');
    expect(accounts.purchaseOrders.map((order) => order.id)).toContain(orderId);
    expect((await call(engineer, 'GET', '/purchase-orders')).statusCode).toBe(403);
    expect((await call(engineer, 'GET', `/purchase-orders/${orderId}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/purchase-orders')).statusCode).toBe(401);
    expect((await call(admin, 'GET', `/purchase-orders/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const page = await ok<PurchaseOrderListAnswer>(admin, 'GET', '/purchase-orders?limit=1&page=1');
    expect(page.purchaseOrders).toHaveLength(1);
    expect(page.pagination.hasNext).toBe(true);
  });

  it('download as a PDF for staff and their vendor', async () => {
    for (const who of [admin, vendor]) {
      const response = await call(who, 'GET', `/purchase-orders/${orderId}/pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="PO-\d{6}\.pdf"$/);
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.getTitle()).toMatch(/^Purchase order PO-\d{6}$/);
    }
    expect((await call(rival, 'GET', `/purchase-orders/${orderId}/pdf`)).statusCode).toBe(404);
  });
});
