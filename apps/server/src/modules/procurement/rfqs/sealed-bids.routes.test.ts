import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { SEALED_BID_MESSAGES } from '@trowel/shared/procurement/sealed-bids.ts';
import { queryRows } from '../../../db/raw.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';
import { insertRfq, insertVendor, postQuote, type VendorFixture } from '../../../../test/procurement.ts';

let server: TestServer;
let admin: TestUser, otherAdmin: TestUser, qs: TestUser, accountant: TestUser;
let first: VendorFixture, second: VendorFixture;

// Prices no other figure of the answers could spell by chance.
const PRICES = { first: [7777.77, 1234.56], second: [8888.88, 2345.67] };
const inClear = (text: string) =>
  ['7777.77', '1234.56', '8888.88', '2345.67', '777777', '888888'].filter((price) => text.includes(price));

beforeAll(async () => {
  server = await startTestServer();
  [admin, otherAdmin, qs, accountant] = await Promise.all([
    server.user('admin'),
    server.user('admin'),
    server.user('quantity_surveyor'),
    server.user('accountant'),
  ]);
  first = await insertVendor(server, { name: 'First Blocks' });
  second = await insertVendor(server, { name: 'Second Blocks' });
});
afterAll(() => server.stop());

const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A sealed RFQ sent to both vendors, with a deadline an hour away. */
async function sealedRfq() {
  const rfq = await insertRfq(server, qs, [first, second], {
    status: 'pending_qs_review',
    items: [
      { name: 'Blocks', quantity: 100, unit: 'pieces' },
      { name: 'Cement', quantity: 1, unit: 'bags' },
    ],
  });
  const sealed = await call(qs, 'PUT', `/rfqs/${rfq.id}`, { sealed: true, bidDeadline: inAnHour() });
  expect(sealed.statusCode, sealed.body).toBe(200);
  expect(sealed.json().rfq).toMatchObject({ sealed: true, openedAt: null });
  const sent = await call(qs, 'PUT', `/rfqs/${rfq.id}/status`, { status: 'pending_vendor_response' });
  expect(sent.statusCode, sent.body).toBe(200);
  return rfq;
}

/** The deadline moved into the past behind the app's back: what it kept until the old deadline goes too. */
async function pastDeadline(rfqId: string) {
  await server.ctx.db.execute(
    sql`update rfqs set bid_deadline = now() - interval '1 minute' where id = ${rfqId}`,
  );
  server.ctx.procurementPages.clear();
}

describe('sealed bids', () => {
  it('hide every price from every role and from the database until a QS and an administrator open them', async () => {
    const rfq = await sealedRfq();
    expect((await postQuote(server, first, rfq, PRICES.first)).statusCode).toBe(201);
    // A revision before the deadline replaces the bid.
    expect((await postQuote(server, second, rfq, [1, 1])).statusCode).toBe(201);
    const revised = await postQuote(server, second, rfq, PRICES.second);
    expect(revised.statusCode, revised.body).toBe(201);
    expect(revised.json().response).toMatchObject({ totalAmount: null, items: [] });

    // No route shows a price before the opening, to anyone.
    const reads: Array<[TestUser, string]> = [
      [qs, `/rfqs/${rfq.id}`],
      [admin, `/rfqs/${rfq.id}`],
      [qs, '/rfqs?limit=100'],
      [qs, '/rfqs/stats'],
      [first, `/rfqs/${rfq.id}`],
      [second, `/rfqs/${rfq.id}`],
      [first, '/rfqs/vendor/my-rfqs?limit=100'],
      [qs, '/notifications?limit=100'],
      [admin, '/notifications?limit=100'],
    ];
    for (const [who, url] of reads) {
      const answer = await call(who, 'GET', url);
      expect(answer.statusCode, url).toBe(200);
      expect(inClear(answer.body), `${who.role} ${url}`).toEqual([]);
    }
    const staff = (await call(qs, 'GET', `/rfqs/${rfq.id}`)).json<{ rfq: RfqDto }>().rfq;
    expect(staff.responses.map((response) => [response.vendor.name, response.totalAmount])).toEqual([
      ['First Blocks', null],
      ['Second Blocks', null],
    ]);
    for (const url of [`/rfqs/${rfq.id}/comparison`, `/rfqs/${rfq.id}/comparison/export`]) {
      expect((await call(qs, 'GET', url)).statusCode, url).toBe(409);
    }
    const recommend = await call(qs, 'PUT', `/rfqs/${rfq.id}/status`, {
      status: 'pending_admin_approval',
      vendorId: first.vendorId,
    });
    expect(recommend.statusCode).toBe(409);
    expect(recommend.json().error).toContain('sealed');

    // The database holds no price in clear: no lines, no total, and a sealed text.
    const stored = await queryRows<{ total: string; sealed: string | null; lines: number }>(
      server.ctx.db,
      sql`select vr.total_amount::text as total, vr.sealed_bid as sealed,
            (select count(*)::int from vendor_response_items i where i.response_id = vr.id) as lines
          from vendor_responses vr where vr.rfq_id = ${rfq.id}`,
    );
    expect(stored.map((row) => [Number(row.total), row.lines, inClear(row.sealed ?? '')])).toEqual([
      [0, 0, []],
      [0, 0, []],
    ]);

    // Not before the deadline, not by other roles, not by one person alone.
    expect((await call(qs, 'POST', `/rfqs/${rfq.id}/open`)).statusCode).toBe(409);
    await pastDeadline(rfq.id);
    const late = await postQuote(server, first, rfq, [1, 1]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toContain('Bids closed at');
    expect((await call(first, 'GET', `/rfqs/${rfq.id}`)).json().rfq.canQuote).toBe(false);
    // Nothing to negotiate on before the opening, whoever bid.
    const negotiation = await call(qs, 'POST', `/rfqs/${rfq.id}/negotiate`, {
      vendorId: first.vendorId,
      items: rfq.items.map((item) => ({ itemId: item.id, negotiatedUnitPrice: 1, negotiatedTotalPrice: 1 })),
      negotiationNotes: 'Bulk order',
      totalAmount: 1,
      isCounterOffer: false,
    });
    expect(negotiation.statusCode, negotiation.body).toBe(409);
    expect(negotiation.json().error).toBe(SEALED_BID_MESSAGES.stillSealed);
    expect((await call(accountant, 'POST', `/rfqs/${rfq.id}/open`)).statusCode).toBe(403);
    expect((await call(first, 'POST', `/rfqs/${rfq.id}/open`)).statusCode).toBe(403);
    const once = await call(qs, 'POST', `/rfqs/${rfq.id}/open`);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().rfq).toMatchObject({ openedAt: null, openings: [{ role: 'quantity_surveyor' }] });
    expect((await call(qs, 'POST', `/rfqs/${rfq.id}/open`)).statusCode).toBe(409);
    expect(inClear((await call(admin, 'GET', `/rfqs/${rfq.id}`)).body)).toEqual([]);

    // The administrator's confirmation opens every bid together.
    const opened = await call(admin, 'POST', `/rfqs/${rfq.id}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    const open = opened.json<{ rfq: RfqDto }>().rfq;
    expect(open.openedAt).not.toBeNull();
    expect(open.responses.map((response) => [response.vendor.name, response.totalAmount])).toEqual([
      ['First Blocks', 779_011.56],
      ['Second Blocks', 891_233.67],
    ]);
    expect(open.history.some((entry) => entry.action === 'open-bids')).toBe(true);
    // In words, as every other step of the history is.
    const described = open.history.map((entry) => entry.description);
    expect(described.some((text) => text.startsWith('Opening confirmed'))).toBe(true);
    expect(described.some((text) => text.startsWith('Bids opened'))).toBe(true);
    expect(described.join(' ')).not.toMatch(/confirm-opening|open-bids/);
    expect((await call(qs, 'GET', `/rfqs/${rfq.id}/comparison`)).statusCode).toBe(200);
    const told = (await call(first, 'GET', '/notifications?limit=100')).json<{
      notifications: Array<{ title: string }>;
    }>();
    expect(told.notifications.some((notice) => notice.title === 'Bids opened')).toBe(true);
    expect((await call(admin, 'POST', `/rfqs/${rfq.id}/open`)).statusCode).toBe(409);
  });

  it('open once when the last two confirmations come at the same moment', async () => {
    const rfq = await sealedRfq();
    expect((await postQuote(server, first, rfq, PRICES.first)).statusCode).toBe(201);
    await pastDeadline(rfq.id);
    expect((await call(qs, 'POST', `/rfqs/${rfq.id}/open`)).statusCode).toBe(200);
    const answers = await Promise.all([
      call(admin, 'POST', `/rfqs/${rfq.id}/open`),
      call(otherAdmin, 'POST', `/rfqs/${rfq.id}/open`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [history] = await queryRows<{ count: number }>(
      server.ctx.db,
      sql`select count(*)::int as count from status_history where entity_id = ${rfq.id} and action = 'open-bids'`,
    );
    expect(history!.count).toBe(1);
    const [lines] = await queryRows<{ count: number }>(
      server.ctx.db,
      sql`select count(*)::int as count from vendor_response_items i
          join vendor_responses vr on vr.id = i.response_id where vr.rfq_id = ${rfq.id}`,
    );
    expect(lines!.count).toBe(2);
  });

  it('close to a vendor who did not bid when the deadline passes: no longer Action Required, by time alone', async () => {
    const rfq = await sealedRfq();
    expect((await postQuote(server, first, rfq, PRICES.first)).statusCode).toBe(201);
    type Listed = {
      rfqs: Array<{ id: string; status: string; statusLabel: string }>;
      pagination: { totalItems: number };
    };
    const listed = async (who: VendorFixture, filter = '') => {
      const answer = await call(who, 'GET', `/rfqs/vendor/my-rfqs?limit=100${filter}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json<Listed>();
      return { row: body.rfqs.find((row) => row.id === rfq.id), total: body.pagination.totalItems };
    };
    const actionRequired = async (who: VendorFixture) =>
      (await call(who, 'GET', '/vendors/my-stats')).json<{ stats: { actionRequired: number } }>().stats
        .actionRequired;
    expect((await listed(second)).row).toMatchObject({
      status: 'pending_vendor_response',
      statusLabel: 'Action Required',
    });
    const waiting = await listed(second, '&filter=action_required');
    expect(waiting.row).toBeDefined();
    const countedBefore = await actionRequired(second);

    // The deadline a moment away, as the app keeps it (nothing is cleared): the kept list and its
    // count change when it passes.
    await server.ctx.db.execute(
      sql`update rfqs set bid_deadline = now() + interval '1500 milliseconds' where id = ${rfq.id}`,
    );
    server.ctx.procurementPages.clear();
    server.ctx.procurementCounts.clear();
    expect((await listed(second)).row?.status).toBe('pending_vendor_response');
    expect((await listed(second, '&filter=action_required')).row).toBeDefined();
    const deadline = Date.now() + 1500;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()) + 50));

    expect((await listed(second)).row).toMatchObject({ status: 'bids_closed', statusLabel: 'Bids Closed' });
    const closed = await listed(second, '&filter=action_required');
    expect(closed.row).toBeUndefined();
    expect(closed.total).toBe(waiting.total - 1);
    expect(await actionRequired(second)).toBe(countedBefore - 1);
    const detail = (await call(second, 'GET', `/rfqs/${rfq.id}`)).json().rfq;
    expect(detail).toMatchObject({ status: 'bids_closed', statusLabel: 'Bids Closed', canQuote: false });
    // The vendor who bid reads their bid as submitted.
    expect((await listed(first)).row?.status).toBe('vendor_responded');
  });

  it('need a deadline in the future, and are set only before the RFQ is sent', async () => {
    const rfq = await insertRfq(server, qs, [first], { status: 'pending_qs_review' });
    for (const body of [
      { sealed: true },
      { sealed: true, bidDeadline: '2020-01-01T10:00:00Z' },
      { sealed: true, bidDeadline: 'tomorrow' },
    ]) {
      expect((await call(qs, 'PUT', `/rfqs/${rfq.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const sent = await insertRfq(server, qs, [first], { status: 'pending_vendor_response' });
    const refused = await call(qs, 'PUT', `/rfqs/${sent.id}`, { sealed: true, bidDeadline: inAnHour() });
    expect(refused.statusCode).toBe(409);
    expect((await call(accountant, 'PUT', `/rfqs/${rfq.id}`, { title: 'x' })).statusCode).toBe(403);
  });
});
