import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InvoiceAnswer,
  InvoiceListAnswer,
  PaymentAnswer,
} from '@trowel/shared/invoices/invoice.schemas.ts';
import type { PurchaseOrderAnswer } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { RfqAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
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
let admin: TestUser, qs: TestUser, accountant: TestUser, keeper: TestUser, engineer: TestUser;
let vendor: VendorFixture, rival: VendorFixture;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs, accountant, keeper, engineer] = await Promise.all([
    server.user('admin'),
    server.user('quantity_surveyor'),
    server.user('accountant'),
    server.user('store_keeper'),
    server.user('team_member'),
  ]);
  vendor = await insertVendor(server, { name: 'Lagos Cement Co' });
  rival = await insertVendor(server, { name: 'Rival Blocks' });
  projectId = (
    await makeProject(server, {
      lead: await server.user('project_lead'),
      client: await server.user('client'),
    })
  ).id;
});
afterAll(() => server.stop());

const call = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: who.auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ok<T>(who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

/** 10 bags of cement at ₦5,000, issued to the vendor and received in full. */
async function receivedOrder(received = 10) {
  const rfq = await insertRfq(server, qs, [vendor], {
    projectId,
    items: [{ name: `Cement ${randomUUID().slice(0, 6)}`, quantity: 10, unit: 'bags' }],
  });
  await insertQuote(server, rfq, vendor, [5000]);
  await server.app.inject({
    method: 'PUT',
    url: `/api/rfqs/${rfq.id}/status`,
    headers: qs.auth,
    payload: { status: 'pending_admin_approval', vendorId: vendor.vendorId },
  });
  await server.app.inject({
    method: 'PUT',
    url: `/api/rfqs/${rfq.id}/status`,
    headers: admin.auth,
    payload: { status: 'approved', vendorId: vendor.vendorId },
  });
  const orderId = (await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfq.id}`)).rfq.purchaseOrder!.id;
  const itemId = rfq.items[0]!.id;
  if (received > 0) {
    await ok(keeper, 'POST', `/purchase-orders/${orderId}/deliveries`, {
      items: [{ itemId, quantityReceived: received }],
      waybillNumber: 'WB',
      deliveredOn: '2026-11-20',
    });
  }
  return { orderId, itemId, rfqId: rfq.id };
}

const invoice = (orderId: string, itemId: string, extra: object = {}) =>
  call(accountant, 'POST', `/purchase-orders/${orderId}/invoices`, {
    invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
    invoiceDate: '2026-11-22',
    items: [{ itemId, quantity: 10, unitPrice: 5000 }],
    vatAmount: 3750,
    ...extra,
  });

const orderStatus = async (orderId: string) =>
  (await ok<PurchaseOrderAnswer>(admin, 'GET', `/purchase-orders/${orderId}`)).purchaseOrder;

describe('vendor invoices', () => {
  it('matched → approved by the accountant → paid in two payments → the order closes', async () => {
    const { orderId, itemId, rfqId } = await receivedOrder();
    const recorded = await invoice(orderId, itemId);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const { invoice: matched } = recorded.json<InvoiceAnswer>();
    expect(matched).toMatchObject({
      status: 'matched',
      matchStatus: 'matched',
      subtotal: 50_000,
      vatAmount: 3750,
      totalAmount: 53_750,
      outstanding: 53_750,
    });
    expect(matched.items[0]).toMatchObject({ receivedQuantity: 10, agreedUnitPrice: 5000, differences: [] });
    expect((await orderStatus(orderId)).items[0]!.quantityInvoiced).toBe(10);

    await ok(accountant, 'POST', `/invoices/${matched.id}/approve`, { remarks: 'Checked' });
    const early = await call(accountant, 'POST', `/invoices/${matched.id}/payments`, {
      amount: 20_000,
      paidOn: '2026-11-21',
      method: 'cash',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe('Payment date cannot be before the invoice date.');
    const part = await call(accountant, 'POST', `/invoices/${matched.id}/payments`, {
      amount: 20_000,
      paidOn: '2026-11-23',
      method: 'bank_transfer',
      reference: 'TRF-1',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json<PaymentAnswer>()).toMatchObject({
      payment: { amount: 20_000, method: 'bank_transfer', reference: 'TRF-1' },
      invoice: { status: 'approved', amountPaid: 20_000, outstanding: 33_750 },
    });
    const over = await call(accountant, 'POST', `/invoices/${matched.id}/payments`, {
      amount: 33_750.01,
      paidOn: '2026-11-24',
      method: 'cheque',
    });
    expect(over.statusCode).toBe(409);
    expect((await orderStatus(orderId)).status).toBe('received');
    expect((await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfqId}`)).rfq.purchaseOrder?.status).toBe('received');
    const rest = await ok<PaymentAnswer>(accountant, 'POST', `/invoices/${matched.id}/payments`, {
      amount: 33_750,
      paidOn: '2026-11-24',
      method: 'cash',
    });
    expect(rest.invoice).toMatchObject({ status: 'paid', outstanding: 0 });
    expect(rest.invoice.history.map((entry) => entry.toStatus)).toEqual([
      'recorded',
      'matched',
      'approved',
      'approved',
      'paid',
    ]);
    expect((await orderStatus(orderId)).status).toBe('closed');
    expect((await ok<RfqAnswer>(admin, 'GET', `/rfqs/${rfqId}`)).rfq.purchaseOrder?.status).toBe('closed');
    // Nothing more on a paid invoice.
    expect(
      (
        await call(accountant, 'POST', `/invoices/${matched.id}/payments`, {
          amount: 1,
          paidOn: '2026-11-24',
          method: 'cash',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('a price above the agreed one is disputed: only the admin approves it, with a reason', async () => {
    const { orderId, itemId } = await receivedOrder();
    const { invoice: disputed } = (
      await invoice(orderId, itemId, { items: [{ itemId, quantity: 10, unitPrice: 5500 }], vatAmount: 0 })
    ).json<InvoiceAnswer>();
    expect(disputed).toMatchObject({ status: 'disputed', matchStatus: 'disputed' });
    expect(disputed.items[0]!.differences.map((difference) => difference.kind)).toEqual([
      'price_above_agreed',
    ]);
    expect((await call(accountant, 'POST', `/invoices/${disputed.id}/approve`, {})).statusCode).toBe(409);
    const noReason = await call(admin, 'POST', `/invoices/${disputed.id}/approve`, {});
    expect(noReason.statusCode).toBe(400);
    const approved = await ok<InvoiceAnswer>(admin, 'POST', `/invoices/${disputed.id}/approve`, {
      remarks: 'Cement price rose; agreed by phone',
    });
    expect(approved.invoice.status).toBe('approved');
    expect(approved.invoice.history.at(-1)).toMatchObject({
      action: 'approve',
      remarks: 'Cement price rose; agreed by phone',
    });
    // The accountant who recorded it is told of the vendor's invoice, not of theirs.
    const told = await ok<{ notifications: Array<{ message: string }> }>(accountant, 'GET', '/notifications');
    expect(told.notifications[0]!.message).toContain(
      `invoice ${disputed.invoiceNumber}, which you recorded, was approved`,
    );
    await ok(accountant, 'POST', `/invoices/${disputed.id}/payments`, {
      amount: 55_000,
      paidOn: '2026-11-25',
      method: 'cheque',
    });
    expect((await orderStatus(orderId)).status).toBe('closed');
  });

  it('billed beyond what was received and a line not on the order are differences; a rejection unbills', async () => {
    const { orderId, itemId } = await receivedOrder(4);
    const { invoice: disputed } = (
      await invoice(orderId, itemId, {
        items: [
          { itemId, quantity: 5, unitPrice: 5000 },
          { itemId: randomUUID(), quantity: 1, unitPrice: 100 },
        ],
        vatAmount: 0,
      })
    ).json<InvoiceAnswer>();
    expect(disputed.items.map((line) => line.differences.map((difference) => difference.kind))).toEqual([
      ['billed_more_than_received'],
      ['not_on_order'],
    ]);
    expect((await orderStatus(orderId)).items[0]!.quantityInvoiced).toBe(5);
    const rejected = await ok<InvoiceAnswer>(accountant, 'POST', `/invoices/${disputed.id}/reject`, {
      remarks: 'Bill what came',
    });
    expect(rejected.invoice).toMatchObject({ status: 'rejected', outstanding: 0 });
    expect((await orderStatus(orderId)).items[0]!.quantityInvoiced).toBe(0);
    expect((await call(accountant, 'POST', `/invoices/${disputed.id}/reject`, {})).statusCode).toBe(409);
    // A new invoice for what came matches.
    const again = await invoice(orderId, itemId, {
      items: [{ itemId, quantity: 4, unitPrice: 5000 }],
      vatAmount: 0,
    });
    const matched = again.json<InvoiceAnswer>().invoice;
    expect(matched.matchStatus).toBe('matched');
    // A matched invoice may be a duplicate or a mistake too: rejected, it bills nothing.
    await ok(accountant, 'POST', `/invoices/${matched.id}/reject`, { remarks: 'Sent twice' });
    expect((await orderStatus(orderId)).items[0]!.quantityInvoiced).toBe(0);
  });

  it('refuses bad VAT (400), a number the vendor used (409), a cancelled order (409), bad payments (400)', async () => {
    const { orderId, itemId } = await receivedOrder();
    expect((await invoice(orderId, itemId, { vatAmount: 3749.99 })).statusCode).toBe(400);
    expect((await invoice(orderId, itemId, { vatAmount: -1 })).statusCode).toBe(400);
    expect((await invoice(orderId, itemId, { items: [] })).statusCode).toBe(400);
    expect((await invoice(orderId, itemId, { invoiceDate: '2026-02-30' })).statusCode).toBe(400);
    const future = await invoice(orderId, itemId, { invoiceDate: '2099-01-01' });
    expect(future.json().error).toBe('Invoice date cannot be in the future.');
    const first = (await invoice(orderId, itemId, { invoiceNumber: 'INV-77' })).json<InvoiceAnswer>().invoice;
    expect((await invoice(orderId, itemId, { invoiceNumber: 'inv-77' })).statusCode).toBe(409);
    for (const payment of [
      { amount: 0, paidOn: '2026-11-24', method: 'cash' },
      { amount: 10, paidOn: '2026-11-24', method: 'barter' },
      { amount: 10.001, paidOn: '2026-11-24', method: 'cash' },
      { amount: 10, method: 'cash' },
      { amount: 10, paidOn: '2099-01-01', method: 'cash' },
    ]) {
      expect((await call(accountant, 'POST', `/invoices/${first.id}/payments`, payment)).statusCode).toBe(
        400,
      );
    }
    // Not approved yet: no payment.
    expect(
      (
        await call(accountant, 'POST', `/invoices/${first.id}/payments`, {
          amount: 10,
          paidOn: '2026-11-24',
          method: 'cash',
        })
      ).statusCode,
    ).toBe(409);
    const untouched = await receivedOrder(0);
    await ok(admin, 'POST', `/purchase-orders/${untouched.orderId}/cancel`, {});
    expect((await invoice(untouched.orderId, untouched.itemId)).statusCode).toBe(409);
  });

  it('takes the invoice file as multipart', async () => {
    const { orderId, itemId } = await receivedOrder();
    const form = multipart([pdf('invoice.pdf')], 'files', {
      invoiceNumber: `INV-${randomUUID().slice(0, 6)}`,
      invoiceDate: '2026-11-22',
      items: JSON.stringify([{ itemId, quantity: 10, unitPrice: 5000 }]),
      vatAmount: '0',
    });
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/purchase-orders/${orderId}/invoices`,
      headers: { ...accountant.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const file = answer.json<InvoiceAnswer>().invoice.files[0]!;
    expect(file.originalName).toBe('invoice.pdf');
    const url = `/api/attachments/${file.id}/download`;
    expect((await server.app.inject({ url, headers: vendor.auth })).statusCode).toBe(200);
    expect((await server.app.inject({ url, headers: rival.auth })).statusCode).toBe(404);
  });

  it('who sees and does what: vendors their own only, paged lists with filters', async () => {
    const { orderId, itemId } = await receivedOrder();
    const { invoice: mine } = (await invoice(orderId, itemId)).json<InvoiceAnswer>();
    expect((await call(qs, 'POST', `/purchase-orders/${orderId}/invoices`, {})).statusCode).toBe(403);
    expect((await call(keeper, 'GET', '/invoices')).statusCode).toBe(403);
    expect((await call(engineer, 'GET', `/invoices/${mine.id}`)).statusCode).toBe(403);
    expect((await call(vendor, 'POST', `/invoices/${mine.id}/approve`, {})).statusCode).toBe(403);
    expect((await call(null, 'GET', '/invoices')).statusCode).toBe(401);
    expect((await ok<InvoiceAnswer>(vendor, 'GET', `/invoices/${mine.id}`)).invoice.id).toBe(mine.id);
    expect((await call(rival, 'GET', `/invoices/${mine.id}`)).statusCode).toBe(404);
    const rivals = await ok<InvoiceListAnswer>(rival, 'GET', '/invoices');
    expect(rivals.pagination.totalItems).toBe(0);
    const own = await ok<InvoiceListAnswer>(vendor, 'GET', '/invoices?limit=100');
    expect(own.invoices.every((entry) => entry.vendor.id === vendor.vendorId)).toBe(true);
    const matchedOnly = await ok<InvoiceListAnswer>(
      qs,
      'GET',
      `/invoices?status=matched&projectId=${projectId}&vendorId=${vendor.vendorId}&limit=100`,
    );
    expect(matchedOnly.invoices.map((entry) => entry.id)).toContain(mine.id);
    expect(matchedOnly.invoices.every((entry) => entry.status === 'matched')).toBe(true);
    const ofOrder = await ok<InvoiceListAnswer>(accountant, 'GET', `/invoices?purchaseOrderId=${orderId}`);
    expect(ofOrder.invoices.map((entry) => entry.id)).toEqual([mine.id]);
    const page = await ok<InvoiceListAnswer>(accountant, 'GET', '/invoices?limit=1');
    expect(page.invoices).toHaveLength(1);
    expect(page.pagination.hasNext).toBe(true);
    expect((await call(accountant, 'GET', '/invoices?status=lost')).statusCode).toBe(400);
  });

  it('two payments of what is still owed at once: exactly one is taken', async () => {
    const { orderId, itemId } = await receivedOrder();
    const { invoice: recorded } = (await invoice(orderId, itemId, { vatAmount: 0 })).json<InvoiceAnswer>();
    await ok(accountant, 'POST', `/invoices/${recorded.id}/approve`, {});
    const pay = (who: TestUser) =>
      call(who, 'POST', `/invoices/${recorded.id}/payments`, {
        amount: 50_000,
        paidOn: '2026-11-24',
        method: 'bank_transfer',
      });
    const answers = await Promise.all([pay(accountant), pay(admin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const settled = await ok<InvoiceAnswer>(accountant, 'GET', `/invoices/${recorded.id}`);
    expect(settled.invoice).toMatchObject({ status: 'paid', amountPaid: 50_000, outstanding: 0 });
    expect(settled.invoice.payments).toHaveLength(1);
    expect((await orderStatus(orderId)).status).toBe('closed');
  });
});
