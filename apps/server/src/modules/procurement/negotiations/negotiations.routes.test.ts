import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@trowel/shared/auth/roles.ts';
import { NEGOTIATION_ERRORS, type NegotiationDto } from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';
import {
  insertQuote,
  postQuote,
  insertRfq,
  insertVendor,
  type RfqFixture,
  type VendorFixture,
} from '../../../../test/procurement.ts';

let server: TestServer;
let admin: TestUser, qs: TestUser, pm: TestUser;
let vendor: VendorFixture, otherVendor: VendorFixture, silentVendor: VendorFixture;

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs, pm] = await Promise.all([
    server.user('admin'),
    server.user('quantity_surveyor', { name: 'Quincy Surveyor' }),
    server.user('project_manager'),
  ]);
  vendor = await insertVendor(server, { name: 'Dangote Supplies' });
  otherVendor = await insertVendor(server);
  silentVendor = await insertVendor(server);
});
afterAll(() => server.stop());

/** An RFQ sent to the three vendors, quoted by two of them (cement ₦5,000 × 100, sand ₦80,000 × 3). */
async function quotedRfq(status: 'vendor_responded' | 'under_negotiation' = 'vendor_responded') {
  const rfq = await insertRfq(server, qs, [vendor, otherVendor, silentVendor], { status });
  await insertQuote(server, rfq, vendor, [5000, 80_000]);
  await insertQuote(server, rfq, otherVendor, [5200, 78_000]);
  return rfq;
}

const offer = (
  rfq: RfqFixture,
  who: VendorFixture = vendor,
  prices = [4500, 75_000.5],
  extra: object = {},
) => ({
  vendorId: who.vendorId,
  items: rfq.items.map((item, index) => ({
    itemId: item.id,
    negotiatedUnitPrice: prices[index],
    negotiatedTotalPrice: 1,
    negotiationNotes: index === 0 ? 'Bulk discount' : '',
  })),
  negotiationNotes: 'We order every month',
  totalAmount: 999,
  isCounterOffer: false,
  ...extra,
});

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: who.auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function negotiate(rfq: RfqFixture, body: object = offer(rfq), who: TestUser = qs) {
  const response = await call(who, 'POST', `/rfqs/${rfq.id}/negotiate`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ negotiation: NegotiationDto; message: string }>();
}

const rfqStatus = async (rfqId: string) => (await server.ctx.negotiations.lockRfq(rfqId))?.status;

describe('sending a negotiation', () => {
  it('recomputes the totals, takes the original prices from the quote and moves the RFQ under negotiation', async () => {
    const rfq = await quotedRfq();
    const { negotiation, message } = await negotiate(rfq);
    expect(message).toBe('Negotiation sent to vendor successfully.');
    expect(negotiation).toMatchObject({
      status: 'pending_vendor_response',
      vendorId: vendor.vendorId,
      vendor: { name: 'Dangote Supplies', email: vendor.email },
      negotiatedBy: { id: qs.id, name: 'Quincy Surveyor' },
      originalTotal: 740_000,
      totalAmount: 450_000 + 225_001.5,
      negotiationNotes: 'We order every month',
      isCounterOffer: false,
      rejectionReason: null,
    });
    expect(negotiation.items.map((item) => [item.originalUnitPrice, item.originalTotalPrice])).toEqual([
      [5000, 500_000],
      [80_000, 240_000],
    ]);
    expect(negotiation.items.map((item) => item.negotiatedTotalPrice)).toEqual([450_000, 225_001.5]);
    expect(negotiation.items[0]).toMatchObject({
      negotiationNotes: 'Bulk discount',
      item: { name: 'Cement 42.5R', quantity: 100 },
    });
    expect(await rfqStatus(rfq.id)).toBe('under_negotiation');
    const history = await server.ctx.statusHistory.forEntity('negotiation', negotiation.id);
    expect(history.map((entry) => [entry.action, entry.toStatus])).toEqual([
      ['create', 'pending_vendor_response'],
    ]);
    const rfqHistory = await server.ctx.statusHistory.forEntity('rfq', rfq.id);
    expect(rfqHistory.at(-1)).toMatchObject({
      action: 'negotiate',
      fromStatus: 'vendor_responded',
      toStatus: 'under_negotiation',
    });
  });

  it('tells the vendor in the app', async () => {
    const rfq = await quotedRfq();
    await negotiate(rfq);
    const feed = await call(vendor, 'GET', '/notifications');
    expect(
      feed.json<{ notifications: Array<{ title: string; link: string }> }>().notifications,
    ).toContainEqual(
      expect.objectContaining({ title: 'Price negotiation received', link: `/rfqs/${rfq.id}` }),
    );
  });

  it('gives the spec texts for bad prices, totals and notes, and changes nothing', async () => {
    const rfq = await quotedRfq();
    const cases: Array<[object, string]> = [
      [offer(rfq, vendor, [0, 10]), 'Negotiated price must be greater than 0'],
      [offer(rfq, vendor, [-5, 10]), 'Negotiated price must be greater than 0'],
      [{ ...offer(rfq), totalAmount: 0 }, 'Total negotiated amount must be greater than 0'],
      [
        { ...offer(rfq), negotiationNotes: '  \n ' },
        'Please provide negotiation notes explaining the price changes',
      ],
      [
        { ...offer(rfq), items: [offer(rfq).items[0]] },
        'Every item of the RFQ must be negotiated exactly once',
      ],
      [
        { ...offer(rfq), isCounterOffer: true },
        'originalNegotiationId is required for a counter negotiation',
      ],
    ];
    for (const [body, error] of cases) {
      const response = await call(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, body);
      expect(response.statusCode, error).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error, code: 'VALIDATION_ERROR' });
    }
    expect(await server.ctx.negotiations.forRfq(rfq.id)).toEqual([]);
    expect(await rfqStatus(rfq.id)).toBe('vendor_responded');
  });

  it('refuses a vendor who did not quote, or was not sent the RFQ', async () => {
    const rfq = await quotedRfq();
    const stranger = await insertVendor(server);
    for (const who of [silentVendor, stranger]) {
      const response = await call(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, offer(rfq, who));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('This vendor has not submitted a quote for this RFQ');
    }
  });

  it('numbers rounds per vendor and RFQ, so a number tells nobody of the others', async () => {
    const rfq = await quotedRfq();
    const first = await negotiate(rfq);
    const other = await negotiate(rfq, offer(rfq, otherVendor));
    expect([first.negotiation.number, other.negotiation.number]).toEqual([1, 1]);
    const later = await quotedRfq();
    expect((await negotiate(later, offer(later, otherVendor))).negotiation.number).toBe(1);
  });

  it('does not tell a vendor who has not quoted, who may still quote until the RFQ is decided', async () => {
    const rfq = await quotedRfq();
    await negotiate(rfq);
    const seen = async () => {
      const detail = (await call(silentVendor, 'GET', `/rfqs/${rfq.id}`)).json().rfq;
      const listed = (await call(silentVendor, 'GET', '/rfqs/vendor/my-rfqs?limit=50')).json().rfqs;
      const card = listed.find((row: { id: string }) => row.id === rfq.id);
      return [detail.status, detail.canQuote, card.status];
    };
    expect(await seen()).toEqual(['pending_vendor_response', true, 'pending_vendor_response']);
    expect((await call(vendor, 'GET', `/rfqs/${rfq.id}`)).json().rfq.status).toBe('under_negotiation');
    // Their first quote joins the others; the negotiation's step stays.
    expect((await postQuote(server, silentVendor, rfq, [4900, 79_000])).statusCode).toBe(201);
    expect(await rfqStatus(rfq.id)).toBe('under_negotiation');
    expect(await seen()).toEqual(['under_negotiation', false, 'under_negotiation']);
    const history = await server.ctx.statusHistory.forEntity('rfq', rfq.id);
    expect(history.at(-1)).toMatchObject({
      action: 'join_response',
      fromStatus: 'under_negotiation',
      toStatus: 'under_negotiation',
    });
    const comparison = (await call(qs, 'GET', `/rfqs/${rfq.id}/comparison`)).json();
    expect(JSON.stringify(comparison)).toContain(silentVendor.vendorId);
  });

  it('is for admin and quantity_surveyor only (403 before the body is read), 404 for an unknown RFQ', async () => {
    const rfq = await quotedRfq();
    expect((await call(null, 'POST', `/rfqs/${rfq.id}/negotiate`, offer(rfq))).statusCode).toBe(401);
    for (const role of ROLES.filter((role) => role !== 'admin' && role !== 'quantity_surveyor')) {
      const someone = role === 'project_manager' ? pm : role === 'vendor' ? vendor : await server.user(role);
      expect(
        (await call(someone, 'POST', `/rfqs/${rfq.id}/negotiate`, { junk: true })).statusCode,
        role,
      ).toBe(403);
    }
    expect(
      (await call(admin, 'POST', `/rfqs/${crypto.randomUUID()}/negotiate`, { junk: true })).statusCode,
    ).toBe(404);
    expect((await call(admin, 'POST', '/rfqs/not-an-id/negotiate', offer(rfq))).statusCode).toBe(404);
    await negotiate(rfq, offer(rfq), admin);
  });

  it('refuses an RFQ that awaits quotes, final approval or is closed (409)', async () => {
    for (const status of [
      'pending_qs_review',
      'pending_vendor_response',
      'pending_admin_approval',
      'approved',
      'rejected',
      'cancelled',
    ] as const) {
      const rfq = await insertRfq(server, qs, [vendor], { status });
      await insertQuote(server, rfq, vendor, [5000, 80_000]);
      const response = await call(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, offer(rfq));
      expect(response.statusCode, status).toBe(409);
    }
  });

  it('keeps one negotiation awaiting a vendor per RFQ, also when two are sent at once', async () => {
    const rfq = await quotedRfq();
    const [first, second] = await Promise.all([
      call(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, offer(rfq)),
      call(admin, 'POST', `/rfqs/${rfq.id}/negotiate`, offer(rfq)),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const again = await call(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, offer(rfq));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'This vendor already has a negotiation awaiting their response on this RFQ',
    );
    // Another vendor is negotiated with on their own.
    await negotiate(rfq, offer(rfq, otherVendor, [5000, 70_000]));
    expect(await server.ctx.negotiations.forRfq(rfq.id)).toHaveLength(2);
  });
});

describe('RFQ answers', () => {
  it('show each negotiation step at once, though RFQ answers are kept', async () => {
    const rfq = await quotedRfq();
    const statuses = async (who: TestUser) =>
      (await call(who, 'GET', `/rfqs/${rfq.id}`))
        .json<{ rfq: { negotiations: NegotiationDto[] } }>()
        .rfq.negotiations.map((negotiation) => negotiation.status);
    expect(await statuses(qs)).toEqual([]);
    expect(await statuses(vendor)).toEqual([]);
    const { negotiation } = await negotiate(rfq);
    expect(await statuses(qs)).toEqual(['pending_vendor_response']);
    expect(await statuses(vendor)).toEqual(['pending_vendor_response']);
    expect(await statuses(otherVendor)).toEqual([]);
    await call(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${negotiation.id}/accept`);
    expect(await statuses(qs)).toEqual(['vendor_accepted']);
    expect(await statuses(vendor)).toEqual(['vendor_accepted']);
  });
});

describe('reading a negotiation', () => {
  it('is for procurement staff and the vendor it is addressed to; anyone else 404', async () => {
    const rfq = await quotedRfq();
    const { negotiation } = await negotiate(rfq);
    const url = `/rfqs/${rfq.id}/negotiations/${negotiation.id}`;
    for (const who of [qs, admin, vendor]) {
      const response = await call(who, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json().negotiation.id).toBe(negotiation.id);
    }
    for (const who of [otherVendor, pm]) expect((await call(who, 'GET', url)).statusCode).toBe(404);
    const otherRfq = await quotedRfq();
    expect((await call(qs, 'GET', `/rfqs/${otherRfq.id}/negotiations/${negotiation.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });
});

describe("the vendor's answer", () => {
  it('is the addressed vendor’s alone: staff 403, other vendors 404, then 409 once answered', async () => {
    const rfq = await quotedRfq();
    const { negotiation } = await negotiate(rfq);
    const url = `/rfqs/${rfq.id}/negotiations/${negotiation.id}`;
    for (const action of ['accept', 'reject', 'counter']) {
      expect((await call(qs, 'POST', `${url}/${action}`, {})).statusCode).toBe(403);
      expect((await call(admin, 'POST', `${url}/${action}`, {})).statusCode).toBe(403);
      expect((await call(otherVendor, 'POST', `${url}/${action}`, {})).statusCode).toBe(404);
    }
    const accepted = await call(vendor, 'POST', `${url}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Negotiation accepted successfully.',
      negotiation: { status: 'vendor_accepted' },
    });
    for (const action of ['accept', 'reject']) {
      expect((await call(vendor, 'POST', `${url}/${action}`, {})).statusCode).toBe(409);
    }
    const staffFeed = await call(qs, 'GET', '/notifications');
    expect(staffFeed.json<{ notifications: Array<{ title: string }> }>().notifications).toContainEqual(
      expect.objectContaining({ title: 'Negotiation accepted' }),
    );
  });

  it('rejects with a reason or none', async () => {
    const rfq = await quotedRfq();
    const { negotiation } = await negotiate(rfq);
    const response = await call(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${negotiation.id}/reject`, {
      reason: '  Below our cost ',
    });
    expect(response.json()).toMatchObject({
      message: 'Negotiation rejected.',
      negotiation: { status: 'vendor_rejected', rejectionReason: 'Below our cost' },
    });
    const second = await negotiate(rfq);
    const bare = await call(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${second.negotiation.id}/reject`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().negotiation.rejectionReason).toBeNull();
    const history = await server.ctx.statusHistory.forEntity('negotiation', negotiation.id);
    expect(history.at(-1)).toMatchObject({
      action: 'reject',
      toStatus: 'vendor_rejected',
      remarks: 'Below our cost',
    });
  });

  it('counters with prices above 0 and a total above 0, totals recomputed', async () => {
    const rfq = await quotedRfq();
    const { negotiation } = await negotiate(rfq);
    const url = `/rfqs/${rfq.id}/negotiations/${negotiation.id}/counter`;
    const counter = (prices: number[], totalAmount = 1) => ({
      negotiationId: negotiation.id,
      items: rfq.items.map((item, index) => ({
        itemId: item.id,
        counterUnitPrice: prices[index],
        counterTotalPrice: 0,
      })),
      notes: 'Cement went up',
      totalAmount,
    });
    for (const [body, error] of [
      [counter([0, 5]), 'Price must be greater than 0'],
      [counter([4800, 77_000], 0), 'Total amount must be greater than 0'],
      [
        { ...counter([4800, 77_000]), negotiationId: crypto.randomUUID() },
        'negotiationId does not match the negotiation in the path',
      ],
      [
        { ...counter([4800, 77_000]), items: counter([4800]).items.slice(0, 1) },
        'Every item of the negotiation must be countered exactly once',
      ],
    ] as const) {
      const response = await call(vendor, 'POST', url, body);
      expect(response.statusCode, error).toBe(400);
      expect(response.json().error).toBe(error);
    }
    const response = await call(vendor, 'POST', url, counter([4800, 77_000]));
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<{ negotiation: NegotiationDto; message: string }>();
    expect(answered.message).toBe('Counter offer submitted successfully.');
    expect(answered.negotiation).toMatchObject({
      status: 'vendor_counter_offered',
      counterTotalAmount: 480_000 + 231_000,
      counterNotes: 'Cement went up',
    });
    expect(answered.negotiation.items.map((item) => [item.counterUnitPrice, item.counterTotalPrice])).toEqual(
      [
        [4800, 480_000],
        [77_000, 231_000],
      ],
    );
  });

  it('answers a counter with a counter negotiation that names it', async () => {
    const rfq = await quotedRfq();
    const { negotiation } = await negotiate(rfq);
    const countered = rfq.items.map((item) => ({ itemId: item.id, counterUnitPrice: 4900 }));
    await call(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${negotiation.id}/counter`, {
      items: countered,
      totalAmount: 5,
    });
    // Only a counter offer of this vendor on this RFQ can be answered.
    const unrelated = await quotedRfq();
    const wrong = await call(
      qs,
      'POST',
      `/rfqs/${unrelated.id}/negotiate`,
      offer(unrelated, vendor, undefined, { isCounterOffer: true, originalNegotiationId: negotiation.id }),
    );
    expect(wrong.statusCode).toBe(400);
    const { negotiation: counterNegotiation, message } = await negotiate(
      rfq,
      offer(rfq, vendor, [4700, 76_000], { isCounterOffer: true, originalNegotiationId: negotiation.id }),
    );
    expect(message).toBe('Counter negotiation sent successfully.');
    expect(counterNegotiation).toMatchObject({
      isCounterOffer: true,
      originalNegotiationId: negotiation.id,
      status: 'pending_vendor_response',
    });
    const feed = await call(vendor, 'GET', '/notifications');
    expect(feed.json<{ notifications: Array<{ title: string }> }>().notifications).toContainEqual(
      expect.objectContaining({ title: 'Counter negotiation received' }),
    );
  });

  it('makes one transition of two concurrent accepts', async () => {
    const rfq = await quotedRfq();
    const { negotiation } = await negotiate(rfq);
    const url = `/rfqs/${rfq.id}/negotiations/${negotiation.id}`;
    const answers = await Promise.all([
      call(vendor, 'POST', `${url}/accept`),
      call(vendor, 'POST', `${url}/accept`),
      call(vendor, 'POST', `${url}/reject`, { reason: 'no' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const history = await server.ctx.statusHistory.forEntity('negotiation', negotiation.id);
    expect(history).toHaveLength(2);
  });
});

describe('final terms', () => {
  it('go to the admin after the vendor accepted, and only then', async () => {
    const rfq = await quotedRfq();
    const { negotiation } = await negotiate(rfq);
    const url = `/rfqs/${rfq.id}/negotiations/${negotiation.id}/approve-final-terms`;
    expect((await call(qs, 'POST', url, {})).statusCode).toBe(409);
    expect((await call(vendor, 'POST', url, {})).statusCode).toBe(403);
    expect((await call(pm, 'POST', url, {})).statusCode).toBe(403);
    await call(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${negotiation.id}/accept`);
    const response = await call(qs, 'POST', url, { notes: 'Best price' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rfqStatus(rfq.id)).toBe('pending_admin_approval');
    expect((await call(qs, 'POST', url, {})).statusCode).toBe(409);
    const rfqHistory = await server.ctx.statusHistory.forEntity('rfq', rfq.id);
    expect(rfqHistory.at(-1)).toMatchObject({
      action: 'approve_final_terms',
      toStatus: 'pending_admin_approval',
    });
    const adminFeed = await call(admin, 'GET', '/notifications');
    expect(adminFeed.json<{ notifications: Array<{ title: string }> }>().notifications).toContainEqual(
      expect.objectContaining({ title: 'RFQ awaiting approval' }),
    );
  });
});

describe('leaving negotiation', () => {
  it('withdraws the offers still awaiting vendors, who are told; after new quotes they are negotiated with again', async () => {
    const rfq = await quotedRfq();
    const { negotiation } = await negotiate(rfq);
    const url = `/rfqs/${rfq.id}/negotiations/${negotiation.id}`;
    const moved = await call(qs, 'PUT', `/rfqs/${rfq.id}/status`, {
      status: 'pending_vendor_response',
      notes: 'Prices moved',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(vendor, 'GET', url)).json().negotiation.status).toBe('withdrawn');
    const late = await call(vendor, 'POST', `${url}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('This negotiation was withdrawn: the RFQ is no longer under negotiation');
    const history = await server.ctx.statusHistory.forEntity('negotiation', negotiation.id);
    expect(history.map((entry) => [entry.action, entry.toStatus])).toEqual([
      ['create', 'pending_vendor_response'],
      ['withdraw', 'withdrawn'],
    ]);
    const feed = await call(vendor, 'GET', '/notifications');
    expect(feed.json<{ notifications: Array<{ title: string }> }>().notifications).toContainEqual(
      expect.objectContaining({ title: 'Negotiation withdrawn' }),
    );
    // The vendor quotes again, and a new offer can be sent to them.
    const quoted = await call(vendor, 'POST', `/rfqs/${rfq.id}/responses`, {
      items: rfq.items.map((item) => ({ itemId: item.id, unitPrice: 4900, notes: '' })),
      notes: 'New prices',
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const again = await negotiate(rfq);
    expect(again.negotiation.status).toBe('pending_vendor_response');
  });

  it('withdraws other vendors’ open offers when final terms are approved with one vendor', async () => {
    const rfq = await quotedRfq();
    const { negotiation: accepted } = await negotiate(rfq);
    const { negotiation: open } = await negotiate(rfq, offer(rfq, otherVendor, [5000, 70_000]));
    await call(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${accepted.id}/accept`);
    const approved = await call(
      qs,
      'POST',
      `/rfqs/${rfq.id}/negotiations/${accepted.id}/approve-final-terms`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const other = await call(otherVendor, 'GET', `/rfqs/${rfq.id}/negotiations/${open.id}`);
    expect(other.json().negotiation.status).toBe('withdrawn');
    expect(
      (await call(vendor, 'GET', `/rfqs/${rfq.id}/negotiations/${accepted.id}`)).json().negotiation.status,
    ).toBe('vendor_accepted');
  });
});

describe('negotiated money', () => {
  it('totals each line half a kobo up, as the quote did: 0.58 × ₦3.75 = ₦2.18, 0.145 × ₦1,001 = ₦145.15', async () => {
    const rfq = await insertRfq(server, qs, [vendor], {
      items: [
        { name: 'Sharp sand', quantity: 0.58, unit: 'tonnes' },
        { name: 'Emulsion paint', quantity: 0.145, unit: 'drums' },
      ],
    });
    await insertQuote(server, rfq, vendor, [3.75, 1001]);
    const { negotiation } = await negotiate(rfq, offer(rfq, vendor, [3.75, 1001]));
    expect(negotiation.items.map((item) => [item.originalTotalPrice, item.negotiatedTotalPrice])).toEqual([
      [2.18, 2.18],
      [145.15, 145.15],
    ]);
    expect(negotiation).toMatchObject({ originalTotal: 147.33, totalAmount: 147.33 });
  });

  it('refuses an offer or a counter whose total passes the largest amount (400), storing nothing', async () => {
    const rfq = await insertRfq(server, qs, [vendor], {
      items: [{ name: 'Granite chippings', quantity: 100 }],
    });
    await insertQuote(server, rfq, vendor, [1000]);
    const tooLarge = await call(
      qs,
      'POST',
      `/rfqs/${rfq.id}/negotiate`,
      offer(rfq, vendor, [999_999_999_999]),
    );
    expect(tooLarge.statusCode, tooLarge.body).toBe(400);
    expect(tooLarge.json().error).toBe(NEGOTIATION_ERRORS.totalTooLarge);
    expect(await server.ctx.negotiations.forRfq(rfq.id)).toEqual([]);

    const { negotiation } = await negotiate(rfq, offer(rfq, vendor, [900]));
    const counter = await call(vendor, 'POST', `/rfqs/${rfq.id}/negotiations/${negotiation.id}/counter`, {
      items: [{ itemId: rfq.items[0]!.id, counterUnitPrice: 999_999_999_999 }],
      totalAmount: 1,
    });
    expect(counter.statusCode, counter.body).toBe(400);
    expect(counter.json().error).toBe(NEGOTIATION_ERRORS.totalTooLarge);
    const kept = await call(vendor, 'GET', `/rfqs/${rfq.id}/negotiations/${negotiation.id}`);
    expect(kept.json().negotiation).toMatchObject({
      status: 'pending_vendor_response',
      counterTotalAmount: null,
    });
  });
});
