import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { RFQ_MESSAGES } from '@trowel/shared/procurement/rfq.schemas.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';
import { vendorResponseItems, vendorResponses } from '../../../db/schema.ts';
import {
  makeRfq,
  makeVendor,
  pdf,
  postQuote,
  postRfq,
  setStatus,
  TWO_ITEMS,
  type TestVendor,
} from '../../../../test/procurement.ts';

let server: TestServer;
let admin: TestUser, qs: TestUser;
let a: TestVendor, b: TestVendor, outsider: TestVendor;
const others = new Map<Role, TestUser>();
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs] = await Promise.all([server.user('admin'), server.user('quantity_surveyor')]);
  for (const role of ROLES.filter((role) => !['admin', 'quantity_surveyor', 'vendor'].includes(role))) {
    others.set(role, await server.user(role));
  }
  a = await makeVendor(server, admin, { name: 'Alpha Cement Ltd' });
  b = await makeVendor(server, admin, { name: 'Bravo Steel Ltd' });
  outsider = await makeVendor(server, admin, { name: 'Outsider Supplies' });
  const project = await makeProject(server, {
    lead: others.get('project_lead')!,
    client: others.get('client')!,
  });
  projectId = project.id;
});
afterAll(() => server.stop());

const get = (url: string, who: TestUser | null) =>
  server.app.inject({ method: 'GET', url, ...(who ? { headers: who.auth } : {}) });

/** An RFQ sent to vendors a and b. */
async function sentRfq(options: Parameters<typeof makeRfq>[3] = {}) {
  const rfq = await makeRfq(server, qs, [a.vendor.id, b.vendor.id], options);
  const sent = await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' });
  expect(sent.statusCode, sent.body).toBe(200);
  return rfq;
}

const notificationTitles = async (who: TestUser) =>
  (await get('/api/notifications?limit=100', who))
    .json()
    .notifications.map((n: { title: string }) => n.title);

describe('RFQ access', () => {
  it('answers 401 without a session and 403 to roles that may not call', async () => {
    const rfq = await makeRfq(server, qs, [a.vendor.id]);
    const staffOnly = [
      ['GET', '/api/rfqs'],
      ['GET', '/api/rfqs/stats'],
      ['PUT', `/api/rfqs/${rfq.id}/status`],
      ['GET', `/api/rfqs/${rfq.id}/comparison`],
      ['GET', `/api/rfqs/${rfq.id}/comparison/export`],
      ['POST', '/api/rfqs'],
    ] as const;
    const vendorOnly = [
      ['GET', '/api/rfqs/vendor/my-rfqs'],
      ['POST', `/api/rfqs/${rfq.id}/responses`],
    ] as const;
    for (const [method, url] of [...staffOnly, ...vendorOnly, ['GET', `/api/rfqs/${rfq.id}`] as const]) {
      const response = await server.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(response.statusCode, url).toBe(401);
    }
    for (const [role, someone] of others) {
      for (const [method, url] of [...staffOnly, ...vendorOnly, ['GET', `/api/rfqs/${rfq.id}`] as const]) {
        const response = await server.app.inject({
          method,
          url,
          headers: someone.auth,
          ...(method === 'GET' ? {} : { payload: { status: 'rejected' } }),
        });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of staffOnly) {
      const response = await server.app.inject({
        method,
        url,
        headers: a.user.auth,
        ...(method === 'GET' ? {} : { payload: { status: 'rejected' } }),
      });
      expect(response.statusCode, `vendor ${method} ${url}`).toBe(403);
    }
    for (const [method, url] of vendorOnly) {
      const response = await server.app.inject({
        method,
        url,
        headers: qs.auth,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `QS ${method} ${url}`).toBe(403);
    }
  });
});

describe('creating RFQs', () => {
  it('makes an RFQ with items, vendors, a project and a PDF, at pending_qs_review, numbered in sequence', async () => {
    const first = await makeRfq(server, qs, [a.vendor.id, b.vendor.id], { projectId, files: [pdf()] });
    const second = await makeRfq(server, admin, [a.vendor.id]);
    expect(second.number).toBe(first.number + 1);
    expect(first).toMatchObject({
      status: 'pending_qs_review',
      projectId,
      items: [
        { name: 'Cement 50 kg', quantity: 100, unit: 'bags', description: 'Dangote 42.5R' },
        { name: 'Rebar 16 mm', quantity: 2.5, unit: 'tonnes' },
      ],
      createdBy: { id: qs.id, name: qs.name },
    });
    expect(first.vendors.map((v) => v.vendor.name).sort()).toEqual(['Alpha Cement Ltd', 'Bravo Steel Ltd']);
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0]!.viewUrl).toMatch(/^\/api\/rfqs\/attachments\/[0-9a-f-]+\/view\?token=/);
    expect(first.history).toEqual([
      expect.objectContaining({ action: 'create', user: { name: qs.name }, toStatus: 'pending_qs_review' }),
    ]);
  });

  it('refuses a missing title, items or vendors and bad items with the spec’s message, creating nothing', async () => {
    const before = (await get('/api/rfqs', qs)).json().pagination.totalItems;
    const base = {
      title: 'Blocks',
      items: JSON.stringify(TWO_ITEMS),
      vendorIds: JSON.stringify([a.vendor.id]),
    };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, title: ' ' }, RFQ_MESSAGES.requiredFields],
      [{ items: base.items, vendorIds: base.vendorIds }, RFQ_MESSAGES.requiredFields],
      [{ ...base, items: '[]' }, RFQ_MESSAGES.requiredFields],
      [{ ...base, items: 'not json' }, RFQ_MESSAGES.requiredFields],
      [{ ...base, vendorIds: '[]' }, RFQ_MESSAGES.requiredFields],
      [{ ...base, items: JSON.stringify([{ name: 'Sand', quantity: 5 }]) }, RFQ_MESSAGES.requiredFields],
      [
        { ...base, items: JSON.stringify([{ name: '', quantity: 5, unit: 'trips' }]) },
        RFQ_MESSAGES.requiredFields,
      ],
      [
        { ...base, items: JSON.stringify([{ name: 'Sand', quantity: 0, unit: 'trips' }]) },
        'Quantity must be greater than 0',
      ],
      [
        { ...base, items: JSON.stringify([{ name: 'Sand', quantity: -2, unit: 'trips' }]) },
        'Quantity must be greater than 0',
      ],
      [
        { ...base, vendorIds: JSON.stringify(['3f1c1e0e-0000-4000-8000-000000000000']) },
        RFQ_MESSAGES.unknownVendor,
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await postRfq(server, qs, fields, [pdf()]);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error, JSON.stringify(fields)).toBe(message);
    }
    const inactive = await makeVendor(server, admin, { status: 'inactive' });
    const refused = await postRfq(server, qs, {
      ...base,
      vendorIds: JSON.stringify([a.vendor.id, inactive.vendor.id]),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(RFQ_MESSAGES.inactiveVendor);
    expect((await get('/api/rfqs', qs)).json().pagination.totalItems).toBe(before);
  });

  it('counts a new RFQ in the list total at once, though totals are kept between pages', async () => {
    const total = async () => (await get('/api/rfqs?page=2&limit=1', qs)).json().pagination.totalItems;
    const before = await total();
    expect(await total()).toBe(before);
    const created = await postRfq(server, qs, {
      title: 'Sharp sand',
      items: JSON.stringify(TWO_ITEMS),
      vendorIds: JSON.stringify([a.vendor.id]),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await total()).toBe(before + 1);
  });
});

describe('what vendors see', () => {
  it('hides an RFQ from vendors until it is sent, then shows it only to the invited', async () => {
    const rfq = await makeRfq(server, qs, [a.vendor.id, b.vendor.id], { files: [pdf()] });
    expect((await get(`/api/rfqs/${rfq.id}`, a.user)).statusCode).toBe(404);
    const mine = (await get('/api/rfqs/vendor/my-rfqs?limit=100', a.user)).json().rfqs;
    expect(mine.map((r: { id: string }) => r.id)).not.toContain(rfq.id);
    expect((await postQuote(server, a.user, rfq, [10, 20])).statusCode).toBe(404);

    await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' });
    expect(await notificationTitles(a.user)).toContain('New Request for Quotation');
    expect(await notificationTitles(outsider.user)).not.toContain('New Request for Quotation');

    const seen = await get(`/api/rfqs/${rfq.id}`, a.user);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().rfq).toMatchObject({ statusLabel: 'Action Required', response: null, canQuote: true });
    expect(seen.json().rfq).not.toHaveProperty('vendors');
    expect(seen.json().rfq).not.toHaveProperty('history');
    expect(JSON.stringify(seen.json())).not.toContain('Bravo Steel');

    const file = seen.json().rfq.attachments[0];
    expect((await get(file.viewUrl.split('?')[0], a.user)).statusCode).toBe(200);
    expect(
      (await get(`${file.viewUrl.split('?')[0].replace('/view', '/download')}`, a.user)).statusCode,
    ).toBe(200);
    expect((await get(file.viewUrl.split('?')[0], outsider.user)).statusCode).toBe(404);
    expect((await get(file.viewUrl.split('?')[0], qs)).statusCode).toBe(200);
    expect((await get(`/api/rfqs/${rfq.id}`, outsider.user)).statusCode).toBe(404);
    expect((await postQuote(server, outsider.user, rfq, [10, 20])).statusCode).toBe(404);
  });

  it('lists a quote’s lines in the RFQ’s order of items, whatever order they were stored in', async () => {
    const rfq = await sentRfq();
    const [quote] = await server.ctx.db
      .insert(vendorResponses)
      .values({ rfqId: rfq.id, vendorId: a.vendor.id, totalAmount: 30 })
      .returning({ id: vendorResponses.id });
    // The last item's line first.
    for (const [item, price] of [
      [rfq.items[1]!, 20],
      [rfq.items[0]!, 10],
    ] as const) {
      await server.ctx.db
        .insert(vendorResponseItems)
        .values({ responseId: quote!.id, itemId: item.id, unitPrice: price, totalPrice: price });
    }
    const [answered] = (await get(`/api/rfqs/${rfq.id}`, qs)).json().rfq.responses;
    expect(
      answered.items.map((line: { item: { name: string }; unitPrice: number }) => [
        line.item.name,
        line.unitPrice,
      ]),
    ).toEqual([
      [TWO_ITEMS[0]!.name, 10],
      [TWO_ITEMS[1]!.name, 20],
    ]);
  });

  it('never shows one vendor another’s quote, price, identity or files, in any answer', async () => {
    const rfq = await sentRfq({ projectId });
    const quotedA = await postQuote(server, a.user, rfq, [4567.89, 98765.43], {
      notes: 'Alpha notes',
      files: [pdf('alpha-quote.pdf')],
    });
    expect(quotedA.statusCode, quotedA.body).toBe(201);
    const aFile = quotedA.json().response.attachments[0];

    const bView = await get(`/api/rfqs/${rfq.id}`, b.user);
    const text = JSON.stringify(bView.json());
    for (const secret of ['Alpha Cement', a.vendor.email, a.vendor.id, '4567.89', 'Alpha notes', aFile.id]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(bView.json().rfq).toMatchObject({ response: null, responses: [], totalAmount: null });
    expect((await get(aFile.viewUrl.split('?')[0], b.user)).statusCode).toBe(404);
    expect((await get(aFile.viewUrl.split('?')[0], a.user)).statusCode).toBe(200);
    expect((await get(aFile.viewUrl.split('?')[0], admin)).statusCode).toBe(200);

    const bList = await get('/api/rfqs/vendor/my-rfqs?limit=100', b.user);
    const row = bList.json().rfqs.find((r: { id: string }) => r.id === rfq.id);
    // B still has action to take: nothing tells them that another vendor quoted.
    expect(row).toMatchObject({
      totalAmount: null,
      hasResponded: false,
      status: 'pending_vendor_response',
      statusLabel: 'Action Required',
    });
    expect(bView.json().rfq).toMatchObject({
      status: 'pending_vendor_response',
      statusLabel: 'Action Required',
    });
    const bActions = (await get('/api/rfqs/vendor/my-rfqs?filter=action_required&limit=100', b.user)).json();
    expect(bActions.rfqs.map((r: { id: string }) => r.id)).toContain(rfq.id);
    expect((await get('/api/vendors/my-stats', b.user)).json().stats.underReview).toBe(0);
    expect(JSON.stringify(bList.json())).not.toContain('4567.89');
    const aRow = (await get('/api/rfqs/vendor/my-rfqs?limit=100', a.user))
      .json()
      .rfqs.find((r: { id: string }) => r.id === rfq.id);
    expect(aRow.totalAmount).toBe(456789 + 246913.58);

    const bStats = (await get('/api/vendors/my-stats', b.user)).json().stats;
    expect(bStats.quotesSubmitted).toBe(0);
    expect(bStats.valueQuoted).toBe(0);
    expect((await get(`/api/rfqs/${rfq.id}/comparison`, b.user)).statusCode).toBe(403);
  });

  it('filters the vendor’s list by Action Required and Submitted and searches title, description and project', async () => {
    const vendor = await makeVendor(server, admin);
    const first = await makeRfq(server, qs, [vendor.vendor.id], { projectId });
    const second = await makeRfq(server, qs, [vendor.vendor.id]);
    for (const rfq of [first, second])
      await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' });
    await postQuote(server, vendor.user, second, [1, 2]);
    const list = (query: string) =>
      get(`/api/rfqs/vendor/my-rfqs?${query}`, vendor.user).then((r) => r.json());
    expect((await list('filter=all')).pagination.totalItems).toBe(2);
    expect((await list('filter=action_required')).rfqs.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect((await list('filter=submitted')).rfqs.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const projectTitle = (await get(`/api/rfqs/${first.id}`, qs)).json().rfq.project.title;
    expect((await list(`search=${encodeURIComponent(projectTitle.toUpperCase())}`)).rfqs).toHaveLength(1);
    expect(
      (await list(`search=${encodeURIComponent(second.title)}`)).rfqs.map((r: { id: string }) => r.id),
    ).toEqual([second.id]);
    const stats = (await get('/api/vendors/my-stats', vendor.user)).json().stats;
    expect(stats).toMatchObject({
      totalRfqs: 2,
      actionRequired: 1,
      underReview: 1,
      quotesSubmitted: 1,
      valueQuoted: 105,
    });
    expect((await list('filter=other')).success).toBe(false);
  });
});

describe('vendor quotes', () => {
  it('need every item priced above 0, recompute totals and move the RFQ to vendor_responded', async () => {
    const rfq = await sentRfq();
    for (const prices of [[10], [10, 0], [0, 10], [-5, 10], [10.005, 1]]) {
      const response = await postQuote(server, a.user, rfq, prices);
      expect(response.statusCode, JSON.stringify(prices)).toBe(400);
    }
    expect((await postQuote(server, a.user, rfq, [10])).json().error).toBe(RFQ_MESSAGES.unitPricesRequired);
    expect((await get(`/api/rfqs/${rfq.id}`, qs)).json().rfq.status).toBe('pending_vendor_response');

    const quoted = await postQuote(server, a.user, rfq, [1500.5, 420000]);
    expect(quoted.statusCode).toBe(201);
    expect(quoted.json().response).toMatchObject({
      totalAmount: 150050 + 1050000,
      items: [
        { unitPrice: 1500.5, totalPrice: 150050 },
        { unitPrice: 420000, totalPrice: 1050000 },
      ],
    });
    const staff = (await get(`/api/rfqs/${rfq.id}`, qs)).json().rfq;
    expect(staff.status).toBe('vendor_responded');
    expect(staff.history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'send_to_vendors',
      'record_response',
    ]);
    expect(await notificationTitles(qs)).toContain('New quotation received');

    expect((await postQuote(server, b.user, rfq, [1400, 400000])).statusCode).toBe(201);
    const updated = await postQuote(server, a.user, rfq, [1300, 410000]);
    expect(updated.statusCode).toBe(201);
    expect(updated.json().response.totalAmount).toBe(130000 + 1025000);
    expect((await get(`/api/rfqs/${rfq.id}`, qs)).json().rfq.responses).toHaveLength(2);
  });

  it('sent twice at once by one vendor make one quote: the first, then the second in its place', async () => {
    const rfq = await sentRfq();
    const answers = await Promise.all([
      postQuote(server, a.user, rfq, [1000, 2000]),
      postQuote(server, a.user, rfq, [1000, 2000]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const staff = (await get(`/api/rfqs/${rfq.id}`, qs)).json().rfq;
    expect(staff.responses).toHaveLength(1);
    expect(staff.status).toBe('vendor_responded');
    expect(staff.history.map((h: { action: string }) => h.action).sort()).toEqual(
      ['create', 'record_response', 'send_to_vendors', 'update_response'].sort(),
    );
  });

  it('are each answered with their own items, vendors, quotes, lines, files and history when read together', async () => {
    const sand = [{ name: 'Sharp sand', quantity: 30, unit: 'tonnes' }];
    const [first, second] = await Promise.all([
      sentRfq(),
      sentRfq({ items: sand, files: [pdf('site-plan.pdf')] }),
    ]);
    expect((await postQuote(server, a.user, first, [1500, 420000])).statusCode).toBe(201);
    expect((await postQuote(server, b.user, second, [25000])).statusCode).toBe(201);
    const negotiated = await server.app.inject({
      method: 'POST',
      url: `/api/rfqs/${first.id}/negotiate`,
      headers: qs.auth,
      payload: {
        vendorId: a.vendor.id,
        items: first.items.map((item) => ({ itemId: item.id, negotiatedUnitPrice: 1400 })),
        negotiationNotes: 'We order every month',
      },
    });
    expect(negotiated.statusCode, negotiated.body).toBe(201);
    // Read at the same moment: the reads of both answers share their statements.
    const [one, two] = (
      await Promise.all([get(`/api/rfqs/${first.id}`, qs), get(`/api/rfqs/${second.id}`, qs)])
    ).map((response) => response.json().rfq);
    expect(one.items.map((item: { name: string }) => item.name)).toEqual(['Cement 50 kg', 'Rebar 16 mm']);
    expect(two.items.map((item: { name: string }) => item.name)).toEqual(['Sharp sand']);
    for (const rfq of [one, two])
      expect(rfq.vendors.map((vendor: { vendorId: string }) => vendor.vendorId).sort()).toEqual(
        [a.vendor.id, b.vendor.id].sort(),
      );
    expect(one.responses.map((quote: { vendorId: string }) => quote.vendorId)).toEqual([a.vendor.id]);
    expect(one.responses[0].items.map((line: { unitPrice: number }) => line.unitPrice)).toEqual([
      1500, 420000,
    ]);
    expect(two.responses.map((quote: { vendorId: string }) => quote.vendorId)).toEqual([b.vendor.id]);
    expect(two.responses[0].items.map((line: { unitPrice: number }) => line.unitPrice)).toEqual([25000]);
    expect(one.negotiations.map((thread: { vendorId: string }) => thread.vendorId)).toEqual([a.vendor.id]);
    expect(two.negotiations).toEqual([]);
    expect(one.attachments).toEqual([]);
    expect(two.attachments.map((file: { originalName: string }) => file.originalName)).toEqual([
      'site-plan.pdf',
    ]);
    const actions = (rfq: { history: Array<{ action: string }> }) => rfq.history.map((step) => step.action);
    expect(actions(one)).toEqual(['create', 'send_to_vendors', 'record_response', 'negotiate']);
    expect(actions(two)).toEqual(['create', 'send_to_vendors', 'record_response']);
  });

  it('total a line ending in half a kobo up: 0.58 × ₦3.75 = ₦2.18, 0.145 × ₦1,001 = ₦145.15', async () => {
    const rfq = await sentRfq({
      items: [
        { name: 'Sharp sand', quantity: 0.58, unit: 'tonnes' },
        { name: 'Emulsion paint', quantity: 0.145, unit: 'drums' },
      ],
    });
    const quoted = await postQuote(server, a.user, rfq, [3.75, 1001]);
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect(quoted.json().response).toMatchObject({
      totalAmount: 147.33,
      items: [{ totalPrice: 2.18 }, { totalPrice: 145.15 }],
    });
  });

  it('take any unit price up to the largest amount, and refuse a total past it', async () => {
    const rfq = await sentRfq({ items: [{ name: 'Tower crane', quantity: 1, unit: 'units' }] });
    expect((await postQuote(server, a.user, rfq, [10_000_000_000_000])).statusCode).toBe(400);
    const largest = await postQuote(server, a.user, rfq, [9_999_999_999_999.99]);
    expect(largest.statusCode, largest.body).toBe(201);
    expect(largest.json().response.totalAmount).toBe(9_999_999_999_999.99);

    const twice = await sentRfq({ items: [{ name: 'Tower crane', quantity: 2, unit: 'units' }] });
    const tooLarge = await postQuote(server, a.user, twice, [5_000_000_000_000]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toBe('The quote total is too large');
  });

  it('are refused after rejection (409), from staff (403) and from a vendor not invited (404)', async () => {
    const rfq = await sentRfq();
    expect(
      (await setStatus(server, qs, rfq.id, { status: 'rejected', notes: 'Budget cut' })).statusCode,
    ).toBe(200);
    expect((await postQuote(server, a.user, rfq, [1, 1])).statusCode).toBe(409);
    expect((await postQuote(server, qs, rfq, [1, 1])).statusCode).toBe(403);
    expect((await postQuote(server, outsider.user, rfq, [1, 1])).statusCode).toBe(404);
  });

  it('refuses a vendor made inactive: their session ends and sign-in is refused', async () => {
    const vendor = await makeVendor(server, admin);
    const rfq = await makeRfq(server, qs, [vendor.vendor.id]);
    await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' });
    await server.app.inject({
      method: 'PUT',
      url: `/api/vendors/${vendor.vendor.id}`,
      headers: qs.auth,
      payload: { status: 'inactive' },
    });
    expect((await postQuote(server, vendor.user, rfq, [1, 1])).statusCode).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: vendor.vendor.email, password: 'secret123' },
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('RFQ status changes', () => {
  it('follow the machine: each step, its history and notifications, and illegal ones refused', async () => {
    const rfq = await makeRfq(server, qs, [a.vendor.id, b.vendor.id]);
    expect(
      (await setStatus(server, admin, rfq.id, { status: 'approved', vendorId: a.vendor.id })).statusCode,
    ).toBe(409);
    expect((await setStatus(server, qs, rfq.id, { status: 'vendor_responded' })).statusCode).toBe(403);
    expect((await setStatus(server, qs, rfq.id, { status: 'pending_qs_review' })).statusCode).toBe(409);
    expect((await setStatus(server, qs, rfq.id, { status: 'nonsense' })).statusCode).toBe(400);
    expect((await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' })).statusCode).toBe(200);
    expect((await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' })).statusCode).toBe(409);
    expect(
      (await setStatus(server, qs, rfq.id, { status: 'pending_admin_approval', vendorId: a.vendor.id }))
        .statusCode,
    ).toBe(409);
    await postQuote(server, a.user, rfq, [100, 200]);
    await postQuote(server, b.user, rfq, [90, 250]);

    expect((await setStatus(server, qs, rfq.id, { status: 'pending_admin_approval' })).statusCode).toBe(400);
    const notQuoted = await setStatus(server, qs, rfq.id, {
      status: 'pending_admin_approval',
      vendorId: outsider.vendor.id,
    });
    expect(notQuoted.statusCode).toBe(400);
    const recommended = await setStatus(server, qs, rfq.id, {
      status: 'pending_admin_approval',
      vendorId: b.vendor.id,
      notes: 'Cheapest steel',
    });
    expect(recommended.json().rfq).toMatchObject({
      status: 'pending_admin_approval',
      recommendedVendorId: b.vendor.id,
    });
    expect(await notificationTitles(admin)).toContain('RFQ awaiting approval');

    expect(
      (await setStatus(server, qs, rfq.id, { status: 'approved', vendorId: b.vendor.id })).statusCode,
    ).toBe(403);
    expect((await setStatus(server, qs, rfq.id, { status: 'rejected' })).statusCode).toBe(403);
    expect(
      (await setStatus(server, admin, rfq.id, { status: 'under_negotiation', notes: 'Push on cement' }))
        .statusCode,
    ).toBe(200);
    expect((await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' })).statusCode).toBe(200);
    expect((await postQuote(server, a.user, rfq, [80, 200])).statusCode).toBe(201);
    await setStatus(server, qs, rfq.id, { status: 'pending_admin_approval', vendorId: a.vendor.id });
    expect((await setStatus(server, admin, rfq.id, { status: 'approved' })).statusCode).toBe(400);
    const approved = await setStatus(server, admin, rfq.id, { status: 'approved', vendorId: a.vendor.id });
    expect(approved.json().rfq).toMatchObject({ status: 'approved', selectedVendorId: a.vendor.id });
    expect((await setStatus(server, qs, rfq.id, { status: 'cancelled' })).statusCode).toBe(409);

    const history = approved.json().rfq.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'send_to_vendors',
      'record_response',
      'record_response',
      'recommend',
      'return_to_qs',
      'request_new_quotes',
      'update_response',
      'recommend',
      'select_and_approve',
    ]);
    expect(history[4]).toMatchObject({
      user: { name: qs.name },
      description: 'Recommend for Approval: Cheapest steel',
    });

    expect(await notificationTitles(a.user)).toContain('Your quotation was selected');
    expect(await notificationTitles(b.user)).toContain('RFQ closed');
    const aView = (await get(`/api/rfqs/${rfq.id}`, a.user)).json().rfq;
    expect(aView).toMatchObject({
      isSelected: true,
      statusLabel: 'Selected - Congratulations!',
      canQuote: false,
    });
    const bView = (await get(`/api/rfqs/${rfq.id}`, b.user)).json().rfq;
    expect(bView).toMatchObject({
      isSelected: false,
      selectedVendorId: null,
      status: 'not_selected',
      statusLabel: 'Not selected',
    });
    expect((await get('/api/vendors/my-stats', a.user)).json().stats.rfqsWon).toBeGreaterThanOrEqual(1);
  });

  it('approves a vendor other than the recommended one only with a reason, kept in the history', async () => {
    const rfq = await sentRfq();
    await postQuote(server, a.user, rfq, [100, 200]);
    await postQuote(server, b.user, rfq, [90, 250]);
    await setStatus(server, qs, rfq.id, { status: 'pending_admin_approval', vendorId: b.vendor.id });
    const toldBefore = (await notificationTitles(a.user)).length;

    const noReason = await setStatus(server, admin, rfq.id, { status: 'approved', vendorId: a.vendor.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(RFQ_MESSAGES.reasonForOtherVendor);
    const unchanged = (await get(`/api/rfqs/${rfq.id}`, admin)).json().rfq;
    expect(unchanged).toMatchObject({ status: 'pending_admin_approval', selectedVendorId: null });
    expect(unchanged.history.at(-1).action).toBe('recommend');
    expect(await notificationTitles(a.user)).toHaveLength(toldBefore);

    const approved = await setStatus(server, admin, rfq.id, {
      status: 'approved',
      vendorId: a.vendor.id,
      notes: 'Vendor B cannot deliver before the slab pour',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().rfq).toMatchObject({ status: 'approved', selectedVendorId: a.vendor.id });
    expect(approved.json().rfq.history.at(-1)).toMatchObject({
      action: 'select_and_approve',
      user: { name: admin.name },
      description: `Select & Approve: ${a.vendor.name} approved instead of the recommended ${b.vendor.name}. Reason: Vendor B cannot deliver before the slab pour`,
    });
  });

  it('lets one of two concurrent sends through and answers the other 409', async () => {
    const rfq = await makeRfq(server, qs, [a.vendor.id]);
    const outcomes = await Promise.all([
      setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' }),
      setStatus(server, admin, rfq.id, { status: 'pending_vendor_response' }),
    ]);
    expect(outcomes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = (await get(`/api/rfqs/${rfq.id}`, qs)).json().rfq.history;
    expect(history.filter((h: { action: string }) => h.action === 'send_to_vendors')).toHaveLength(1);
  });

  it('lets staff cancel an RFQ that is not approved', async () => {
    const rfq = await sentRfq();
    const cancelled = await setStatus(server, qs, rfq.id, { status: 'cancelled', notes: 'Project paused' });
    expect(cancelled.json().rfq.status).toBe('cancelled');
    expect((await get(`/api/rfqs/${rfq.id}`, a.user)).json().rfq.statusLabel).toBe('Cancelled');
  });

  it('answers 404 for an RFQ that does not exist and for a malformed id', async () => {
    expect((await get('/api/rfqs/3f1c1e0e-0000-4000-8000-000000000000', qs)).statusCode).toBe(404);
    expect((await get('/api/rfqs/not-an-id', qs)).statusCode).toBe(404);
    expect(
      (await setStatus(server, qs, '3f1c1e0e-0000-4000-8000-000000000000', { status: 'rejected' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('quote comparison', () => {
  it('marks the lowest price of each row and each total’s difference to the lowest, the same in CSV', async () => {
    const third = await makeVendor(server, admin, { name: 'Charlie Blocks' });
    const rfq = await makeRfq(server, qs, [a.vendor.id, b.vendor.id, third.vendor.id]);
    await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' });
    await postQuote(server, a.user, rfq, [1000, 500000]); // 100,000 + 1,250,000 = 1,350,000
    await postQuote(server, b.user, rfq, [1200, 400000]); // 120,000 + 1,000,000 = 1,120,000
    const comparison = (await get(`/api/rfqs/${rfq.id}/comparison`, qs)).json().comparison;
    expect(comparison.lowestTotal).toBe(1120000);
    expect(comparison.vendors.map((v: { vendorName: string }) => v.vendorName)).toEqual([
      'Bravo Steel Ltd',
      'Alpha Cement Ltd',
    ]);
    expect(comparison.vendors[0]).toMatchObject({
      isLowest: true,
      differenceFromLowest: 0,
      percentAboveLowest: 0,
    });
    expect(comparison.vendors[1]).toMatchObject({
      isLowest: false,
      differenceFromLowest: 230000,
      percentAboveLowest: 20.5,
    });
    expect(comparison.rows[0].cells).toEqual([
      expect.objectContaining({ vendorId: b.vendor.id, unitPrice: 1200, isLowest: false }),
      expect.objectContaining({ vendorId: a.vendor.id, unitPrice: 1000, isLowest: true, totalPrice: 100000 }),
    ]);
    expect(comparison.rows[0].lowestUnitPrice).toBe(1000);
    expect(comparison.rows[1].lowestUnitPrice).toBe(400000);
    expect(comparison.awaiting).toEqual([{ vendorId: third.vendor.id, vendorName: 'Charlie Blocks' }]);
    const descending = (await get(`/api/rfqs/${rfq.id}/comparison?order=desc`, qs)).json().comparison;
    expect(descending.vendors[0].vendorName).toBe('Alpha Cement Ltd');

    const csv = await get(`/api/rfqs/${rfq.id}/comparison/export`, qs);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Item,Quantity,Unit,Bravo Steel Ltd unit price,Bravo Steel Ltd total,Alpha Cement Ltd unit price,Alpha Cement Ltd total,Lowest unit price',
    );
    expect(lines[1]).toBe('Cement 50 kg,100,bags,1200.00,120000.00,1000.00,100000.00,1000.00');
    expect(lines[3]).toBe('Grand total,,,,1120000.00,,1350000.00,1120000.00');
    expect(lines[4]).toContain('230000.00 (20.5%)');
  });

  it('flags quotes that came after the due date', async () => {
    const rfq = await sentRfq({ dueDate: '2020-01-31' });
    await postQuote(server, a.user, rfq, [1, 1]);
    const comparison = (await get(`/api/rfqs/${rfq.id}/comparison`, qs)).json().comparison;
    expect(comparison.vendors[0].isLate).toBe(true);
  });
});

describe('RFQ lists and figures', () => {
  it('pages staff RFQs with filters and counts by status', async () => {
    const before = (await get('/api/rfqs/stats', qs)).json().stats;
    const rfq = await makeRfq(server, qs, [a.vendor.id], { projectId });
    const after = (await get('/api/rfqs/stats', qs)).json().stats;
    expect(after.total).toBe(before.total + 1);
    expect(after.byStatus.pending_qs_review).toBe(before.byStatus.pending_qs_review + 1);
    const byProject = (await get(`/api/rfqs?projectId=${projectId}&status=pending_qs_review`, qs)).json();
    expect(byProject.rfqs.map((r: { id: string }) => r.id)).toContain(rfq.id);
    expect(byProject.rfqs.every((r: { status: string }) => r.status === 'pending_qs_review')).toBe(true);
    const found = (await get(`/api/rfqs?search=${encodeURIComponent(rfq.title)}`, qs)).json();
    expect(found.rfqs).toEqual([
      expect.objectContaining({ id: rfq.id, itemCount: 2, vendorCount: 1, responseCount: 0 }),
    ]);
    const byNumber = (await get(`/api/rfqs?search=${rfq.number}`, qs)).json();
    expect(byNumber.rfqs.map((r: { id: string }) => r.id)).toContain(rfq.id);
    const page = (await get('/api/rfqs?limit=1&page=2', qs)).json();
    expect(page.rfqs).toHaveLength(1);
    expect(page.pagination.currentPage).toBe(2);
    expect((await get('/api/rfqs?status=unknown', qs)).statusCode).toBe(400);
  });
});
