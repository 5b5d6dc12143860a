import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAnswer, DeliveryListAnswer } from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import type { PurchaseOrderAnswer } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { RfqAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import type {
  InventoryItemAnswer,
  StockMovementListAnswer,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';
import { multipart } from '../../../../test/multipart.ts';
import {
  insertQuote,
  insertRfq,
  insertVendor,
  pdf,
  type VendorFixture,
} from '../../../../test/procurement.ts';

let server: TestServer;
let admin: TestUser, qs: TestUser, keeper: TestUser, lead: TestUser, otherLead: TestUser, engineer: TestUser;
let vendor: VendorFixture, rival: VendorFixture;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs, keeper, lead, otherLead, engineer] = await Promise.all([
    server.user('admin'),
    server.user('quantity_surveyor'),
    server.user('store_keeper'),
    server.user('project_lead'),
    server.user('project_lead'),
    server.user('team_member'),
  ]);
  vendor = await insertVendor(server, { name: 'Lagos Cement Co' });
  rival = await insertVendor(server, { name: 'Rival Blocks' });
  projectId = (await makeProject(server, { lead, client: await server.user('client') })).id;
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

/** An order of cement (100 bags at ₦5,000) and sharp sand (3 trips), issued by the admin's approval. */
async function issuedOrder(items?: Array<{ name: string; quantity: number; unit: string }>) {
  const rfq = await insertRfq(server, qs, [vendor], { projectId, ...(items ? { items } : {}) });
  await insertQuote(
    server,
    rfq,
    vendor,
    rfq.items.map(() => 5000),
  );
  await ok(qs, 'PUT', `/rfqs/${rfq.id}/status`, {
    status: 'pending_admin_approval',
    vendorId: vendor.vendorId,
  });
  await ok(admin, 'PUT', `/rfqs/${rfq.id}/status`, { status: 'approved', vendorId: vendor.vendorId });
  const orderId = (await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfq.id}`)).rfq.purchaseOrder!.id;
  return { orderId, items: rfq.items, rfqId: rfq.id };
}

const order = (id: string, who: TestUser = admin) =>
  ok<PurchaseOrderAnswer>(who, 'GET', `/purchase-orders/${id}`).then((answer) => answer.purchaseOrder);

const line = (itemId: string, quantityReceived: number, extra: object = {}) => ({
  itemId,
  quantityReceived,
  quantityRejected: 0,
  ...extra,
});

const deliver = (who: TestUser, orderId: string, items: object[], waybillNumber = 'WB-1') =>
  call(who, 'POST', `/purchase-orders/${orderId}/deliveries`, {
    items,
    waybillNumber,
    deliveredOn: '2026-11-20',
  });

describe('deliveries against a purchase order', () => {
  it('an order starts issued, with its first history row', async () => {
    const { orderId } = await issuedOrder();
    const issued = await order(orderId);
    expect(issued.status).toBe('issued');
    expect(issued.items.every((item) => item.quantityReceived === 0 && item.quantityInvoiced === 0)).toBe(
      true,
    );
    const history = await server.ctx.statusHistory.forEntity('purchase_order', orderId);
    expect(history.map((entry) => [entry.action, entry.toStatus])).toEqual([['create', 'issued']]);
  });

  it('partly, then in full: the order walks issued → partially received → received and the stores fill up', async () => {
    const { orderId, items } = await issuedOrder([
      { name: 'Portland Cement  ', quantity: 100, unit: 'Bags' },
      { name: 'Granite chippings', quantity: 3, unit: 'trips' },
    ]);
    const [cement, granite] = items as [(typeof items)[0], (typeof items)[0]];
    // The stores hold this cement already, under another case.
    const existing = await ok<InventoryItemAnswer>(keeper, 'POST', '/inventory', {
      name: 'portland cement',
      unit: 'bags',
      quantity: 10,
    });

    const first = await deliver(keeper, orderId, [
      line(cement.id, 60, { quantityRejected: 5, rejectionReason: 'Torn bags' }),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const { delivery } = first.json<DeliveryAnswer>();
    expect(delivery.items[0]).toMatchObject({
      itemId: cement.id,
      quantityReceived: 60,
      quantityRejected: 5,
      rejectionReason: 'Torn bags',
      inventoryItemId: existing.item.id,
    });
    let po = await order(orderId);
    expect(po.status).toBe('partially_received');
    expect(po.items[0]).toMatchObject({ quantityReceived: 60, quantityRejected: 5, quantityReceivable: 40 });

    const second = await deliver(lead, orderId, [line(cement.id, 40), line(granite.id, 3)], 'WB-2');
    expect(second.statusCode, second.body).toBe(201);
    po = await order(orderId);
    expect(po.status).toBe('received');
    expect(po.items.map((item) => item.quantityReceived)).toEqual([100, 3]);

    const cementStock = await ok<InventoryItemAnswer>(keeper, 'GET', `/inventory/${existing.item.id}`);
    expect(cementStock.item.quantity).toBe(110);
    const movements = await ok<StockMovementListAnswer>(
      keeper,
      'GET',
      `/inventory/${existing.item.id}/movements`,
    );
    expect(movements.movements.filter((movement) => movement.kind === 'receipt')).toEqual([
      expect.objectContaining({
        quantity: 40,
        quantityAfter: 110,
        purchaseOrderId: orderId,
        purchaseOrderItemId: cement.id,
      }),
      expect.objectContaining({ quantity: 60, quantityAfter: 70, purchaseOrderId: orderId }),
    ]);
    // Granite was new to the stores: made with the order line's name and unit.
    const graniteItem = (await deliveriesOf(orderId))[0]!.items.find((item) => item.itemId === granite.id)!;
    const made = await ok<InventoryItemAnswer>(keeper, 'GET', `/inventory/${graniteItem.inventoryItemId}`);
    expect(made.item).toMatchObject({ name: 'Granite chippings', unit: 'trips', quantity: 3 });

    expect(po.history.map((entry) => entry.toStatus)).toEqual(['issued', 'partially_received', 'received']);
    expect((await order(orderId, vendor)).history).toEqual([]);
    // Nothing more may be received on a received order.
    expect((await deliver(keeper, orderId, [line(cement.id, 1)])).statusCode).toBe(409);
  });

  it('refuses more than ordered (409) unless the tolerance allows it, and changes nothing', async () => {
    const { orderId, items } = await issuedOrder();
    const cement = items[0]!;
    const over = await deliver(keeper, orderId, [line(cement.id, 101)]);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ error: string }>().error).toMatch(/at most 100 may be received/);
    expect((await order(orderId)).items[0]!.quantityReceived).toBe(0);

    await ok(admin, 'PUT', '/admin/settings', {
      settings: [{ key: 'delivery_tolerance_percent', value: '5' }],
    });
    try {
      expect((await order(orderId)).items[0]!.quantityReceivable).toBe(105);
      expect((await deliver(keeper, orderId, [line(cement.id, 105)])).statusCode).toBe(201);
      expect((await deliver(keeper, orderId, [line(cement.id, 1)])).statusCode).toBe(409);
    } finally {
      await ok(admin, 'PUT', '/admin/settings', {
        settings: [{ key: 'delivery_tolerance_percent', value: '0' }],
      });
    }
    const bad = await call(admin, 'PUT', '/admin/settings', {
      settings: [{ key: 'delivery_tolerance_percent', value: '5.5' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('two deliveries against the last open quantity: exactly one succeeds', async () => {
    const { orderId, items } = await issuedOrder([
      { name: `Rebar ${randomUUID()}`, quantity: 10, unit: 'tonnes' },
    ]);
    const answers = await Promise.all([
      deliver(keeper, orderId, [line(items[0]!.id, 10)], 'WB-A'),
      deliver(admin, orderId, [line(items[0]!.id, 10)], 'WB-B'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const po = await order(orderId);
    expect(po.items[0]!.quantityReceived).toBe(10);
    const { delivery } = answers.find((answer) => answer.statusCode === 201)!.json<DeliveryAnswer>();
    const stock = await ok<InventoryItemAnswer>(
      keeper,
      'GET',
      `/inventory/${delivery.items[0]!.inventoryItemId}`,
    );
    expect(stock.item.quantity).toBe(10);
    expect(await deliveriesOf(orderId)).toHaveLength(1);
  });

  it('two orders delivering the same new material at once make one stores item', async () => {
    const name = `Sharp sand ${randomUUID().slice(0, 6)}`;
    const [a, b] = await Promise.all([
      issuedOrder([{ name, quantity: 5, unit: 'trips' }]),
      issuedOrder([{ name: name.toUpperCase(), quantity: 4, unit: 'TRIPS' }]),
    ]);
    const answers = await Promise.all([
      deliver(keeper, a.orderId, [line(a.items[0]!.id, 5)]),
      deliver(keeper, b.orderId, [line(b.items[0]!.id, 4)]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const ids = answers.map((answer) => answer.json<DeliveryAnswer>().delivery.items[0]!.inventoryItemId);
    expect(ids[0]).toBe(ids[1]);
    const stock = await ok<InventoryItemAnswer>(keeper, 'GET', `/inventory/${ids[0]}`);
    expect(stock.item.quantity).toBe(9);
  });

  it('takes the stores item the keeper chose, in the same unit only', async () => {
    const { orderId, items } = await issuedOrder();
    const chosen = await ok<InventoryItemAnswer>(keeper, 'POST', '/inventory', {
      name: 'Dangote 42.5R',
      unit: 'bags',
      quantity: 0,
    });
    const otherUnit = await ok<InventoryItemAnswer>(keeper, 'POST', '/inventory', {
      name: 'Cement in tonnes',
      unit: 'tonnes',
      quantity: 0,
    });
    const wrong = await deliver(keeper, orderId, [
      line(items[0]!.id, 5, { inventoryItemId: otherUnit.item.id }),
    ]);
    expect(wrong.statusCode).toBe(400);
    const unknown = await deliver(keeper, orderId, [
      line(items[0]!.id, 5, { inventoryItemId: randomUUID() }),
    ]);
    expect(unknown.statusCode).toBe(400);
    const right = await deliver(keeper, orderId, [
      line(items[0]!.id, 5, { inventoryItemId: chosen.item.id }),
    ]);
    expect(right.statusCode).toBe(201);
    expect((await ok<InventoryItemAnswer>(keeper, 'GET', `/inventory/${chosen.item.id}`)).item.quantity).toBe(
      5,
    );
    // The rest of the line, without a choice, joins the item its first delivery went into: no stores
    // item of the ordered name is made or filled.
    const stock = () =>
      ok<{ items: Array<{ id: string; quantity: number }> }>(keeper, 'GET', '/inventory?limit=100').then(
        (answer) => new Map(answer.items.map((item) => [item.id, item.quantity])),
      );
    const before = await stock();
    const later = await deliver(keeper, orderId, [line(items[0]!.id, 3)], 'WB-2');
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json<DeliveryAnswer>().delivery.items[0]!.inventoryItemId).toBe(chosen.item.id);
    const after = await stock();
    expect(after.size).toBe(before.size);
    expect([...after].filter(([id, quantity]) => before.get(id) !== quantity)).toEqual([[chosen.item.id, 8]]);
  });

  it('refuses bad lines with 400 and changes nothing', async () => {
    const { orderId, items } = await issuedOrder();
    const cases: Array<[object[], RegExp]> = [
      [[line(items[0]!.id, 0, { quantityRejected: 2 })], /reason for the rejected/],
      [[line(items[0]!.id, 0)], /quantity received or rejected/],
      [[line(items[0]!.id, 1.5)], /whole numbers/],
      [[line(randomUUID(), 1)], /not on this purchase order/],
      [[line(items[0]!.id, 1), line(items[0]!.id, 1)], /appear once/],
      [[], /at least one line/],
    ];
    for (const [lines, message] of cases) {
      const answer = await deliver(keeper, orderId, lines);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ error: string }>().error).toMatch(message);
    }
    const noWaybill = await call(keeper, 'POST', `/purchase-orders/${orderId}/deliveries`, {
      items: [line(items[0]!.id, 1)],
      deliveredOn: '2026-02-30',
      waybillNumber: 'W',
    });
    expect(noWaybill.statusCode).toBe(400);
    const future = await call(keeper, 'POST', `/purchase-orders/${orderId}/deliveries`, {
      items: [line(items[0]!.id, 1)],
      deliveredOn: '2099-01-01',
      waybillNumber: 'W',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('Delivery date cannot be in the future.');
    expect((await order(orderId)).status).toBe('issued');
    expect(await deliveriesOf(orderId)).toHaveLength(0);
  });

  it('all of a delivery turned back leaves the order issued; it may still be cancelled', async () => {
    const { orderId, items, rfqId } = await issuedOrder();
    const answer = await deliver(keeper, orderId, [
      line(items[0]!.id, 0, { quantityRejected: 100, rejectionReason: 'Wrong grade' }),
    ]);
    expect(answer.statusCode).toBe(201);
    const po = await order(orderId);
    expect(po.status).toBe('issued');
    expect(po.items[0]).toMatchObject({ quantityReceived: 0, quantityRejected: 100 });
    expect((await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfqId}`)).rfq.purchaseOrder?.status).toBe('issued');
    expect(
      (await call(admin, 'POST', `/purchase-orders/${orderId}/cancel`, { remarks: 'Vendor failed' }))
        .statusCode,
    ).toBe(200);
    expect((await order(orderId)).status).toBe('cancelled');
    expect((await deliver(keeper, orderId, [line(items[0]!.id, 1)])).statusCode).toBe(409);
    // The RFQ's answer (kept between reads) shows its order's new status.
    const rfq = await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfqId}`);
    expect(rfq.rfq.purchaseOrder?.status).toBe('cancelled');
  });

  it('cancel: the admin only, and only while nothing was received', async () => {
    const { orderId, items } = await issuedOrder();
    expect((await call(qs, 'POST', `/purchase-orders/${orderId}/cancel`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/purchase-orders/${randomUUID()}/cancel`)).statusCode).toBe(404);
    await deliver(keeper, orderId, [line(items[0]!.id, 1)]);
    const refused = await call(admin, 'POST', `/purchase-orders/${orderId}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect((await order(orderId)).status).toBe('partially_received');
  });

  it('who may record and see: the stores and the admin any order, a lead their projects’ only, the vendor theirs', async () => {
    const { orderId, items } = await issuedOrder();
    expect((await deliver(engineer, orderId, [line(items[0]!.id, 1)])).statusCode).toBe(403);
    expect((await deliver(qs, orderId, [line(items[0]!.id, 1)])).statusCode).toBe(403);
    expect((await deliver(vendor, orderId, [line(items[0]!.id, 1)])).statusCode).toBe(403);
    expect((await deliver(otherLead, orderId, [line(items[0]!.id, 1)])).statusCode).toBe(404);
    expect((await call(otherLead, 'GET', `/purchase-orders/${orderId}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/purchase-orders/${orderId}/deliveries`)).statusCode).toBe(401);
    expect((await deliver(lead, orderId, [line(items[0]!.id, 2)])).statusCode).toBe(201);

    // The vendor sees what was received and rejected on their order, a rival vendor nothing.
    const seen = await ok<DeliveryListAnswer>(vendor, 'GET', `/purchase-orders/${orderId}/deliveries`);
    expect(seen.deliveries[0]!.items[0]).toMatchObject({ quantityReceived: 2, quantityRejected: 0 });
    expect((await order(orderId, vendor)).items[0]!.quantityReceived).toBe(2);
    expect((await call(rival, 'GET', `/purchase-orders/${orderId}/deliveries`)).statusCode).toBe(404);
    expect((await call(rival, 'GET', `/purchase-orders/${orderId}`)).statusCode).toBe(404);
    expect((await call(otherLead, 'GET', `/purchase-orders/${orderId}/deliveries`)).statusCode).toBe(404);
  });

  it('takes photos of the delivery note as multipart, and tells the vendor and procurement of a short delivery', async () => {
    const { orderId, items } = await issuedOrder();
    const form = multipart([pdf('waybill.pdf')], 'files', {
      items: JSON.stringify([line(items[0]!.id, 50, { quantityRejected: 1, rejectionReason: 'Wet' })]),
      waybillNumber: 'WB-PHOTO',
      deliveredOn: '2026-11-21',
    });
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/purchase-orders/${orderId}/deliveries`,
      headers: { ...keeper.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { delivery } = answer.json<DeliveryAnswer>();
    expect(delivery.files.map((file) => file.originalName)).toEqual(['waybill.pdf']);
    expect((await server.app.inject({ url: delivery.files[0]!.viewUrl })).statusCode).toBe(200);
    const file = `/api/attachments/${delivery.files[0]!.id}/download`;
    expect((await server.app.inject({ url: file, headers: vendor.auth })).statusCode).toBe(200);
    expect((await server.app.inject({ url: file, headers: rival.auth })).statusCode).toBe(404);
    expect((await server.app.inject({ url: file, headers: otherLead.auth })).statusCode).toBe(404);

    const feed = await ok<{ notifications: Array<{ title: string }> }>(qs, 'GET', '/notifications?limit=50');
    expect(feed.notifications.map((notice) => notice.title)).toContain(
      `Delivery short on ${(await order(orderId)).poNumber}`,
    );
    const vendorFeed = await ok<{ notifications: Array<{ title: string }> }>(
      vendor,
      'GET',
      '/notifications?limit=50',
    );
    expect(vendorFeed.notifications.map((notice) => notice.title)).toContain(
      `Delivery recorded on ${(await order(orderId)).poNumber}`,
    );
  });
});

async function deliveriesOf(orderId: string) {
  return (await ok<DeliveryListAnswer>(admin, 'GET', `/purchase-orders/${orderId}/deliveries`)).deliveries;
}
