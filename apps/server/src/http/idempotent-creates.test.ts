import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { insertQuote, insertRfq, insertVendor } from '../../test/procurement.ts';
import { registerIdempotentCreates } from './idempotency.ts';

let server: TestServer;
let admin: TestUser, qs: TestUser, client: TestUser, lead: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs, client, lead] = await Promise.all([
    server.user('admin'),
    server.user('quantity_surveyor'),
    server.user('client'),
    server.user('project_lead'),
  ]);
});
afterAll(() => server.stop());

/** The same create sent twice with one Idempotency-Key: the second answer is the first, replayed. */
async function sentTwice(who: TestUser, url: string, payload: object, key: string) {
  const send = () =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { ...who.auth, 'idempotency-key': key },
      payload,
    });
  const first = await send();
  expect(first.statusCode, first.body).toBe(201);
  const again = await send();
  expect(again.statusCode, again.body).toBe(201);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.body).toBe(first.body);
  return first.json();
}

describe('every create runs once per Idempotency-Key', () => {
  it('wraps each POST answering 201 as it is added, and only those', async () => {
    const app = Fastify();
    registerIdempotentCreates(app, server.ctx.database);
    let created = 0;
    let other = 0;
    const withUser = (request: { user?: unknown }) => {
      request.user = { id: admin.id, role: 'admin' };
    };
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => withUser(request));
    app.post(
      '/api/things',
      { schema: { response: { 201: { type: 'object', properties: { n: { type: 'number' } } } } } },
      async () => ({ n: ++created }),
    );
    app.post('/api/steps', async () => ({ n: ++other }));
    const post = (url: string) =>
      app.inject({ method: 'POST', url, headers: { 'idempotency-key': `key-${url.length}-0001` } });
    const [first, second] = [await post('/api/things'), await post('/api/things')];
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual({ n: 1 });
    expect(created).toBe(1);
    await post('/api/steps');
    await post('/api/steps');
    expect(other).toBe(2);
    const bad = await app.inject({ method: 'POST', url: '/api/things', headers: { 'idempotency-key': 'x' } });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });

  it('adds a vendor once', async () => {
    const email = `idem-${Date.now()}@vendor.ng`;
    const body = {
      name: 'Once Blocks Ltd',
      contactPerson: 'Tunde Once',
      email,
      phone: '+234 803 555 0199',
      address: '3 Ikorodu Road, Lagos',
      state: 'Lagos',
      category: 'Construction Materials',
      description: 'Sandcrete blocks',
      password: 'blocks123',
    };
    const { vendor } = await sentTwice(admin, '/api/vendors', body, 'vendor-key-0001');
    const list = await server.app.inject({
      method: 'GET',
      url: `/api/vendors?search=${encodeURIComponent(email)}`,
      headers: admin.auth,
    });
    expect(list.json().vendors.map((row: { id: string }) => row.id)).toEqual([vendor.id]);
  });

  it('sends a negotiation once', async () => {
    const vendor = await insertVendor(server);
    const rfq = await insertRfq(server, qs, [vendor]);
    await insertQuote(server, rfq, vendor, [5000, 80_000]);
    const offer = {
      vendorId: vendor.vendorId,
      items: rfq.items.map((item) => ({ itemId: item.id, negotiatedUnitPrice: 4000, negotiationNotes: '' })),
      negotiationNotes: 'Monthly orders',
      isCounterOffer: false,
    };
    await sentTwice(qs, `/api/rfqs/${rfq.id}/negotiate`, offer, 'negotiate-key-0001');
    const rounds = await server.ctx.statusHistory.forEntity('rfq', rfq.id);
    expect(rounds.filter((entry) => entry.toStatus === 'under_negotiation')).toHaveLength(1);
  });

  it('saves a testimonial once', async () => {
    const project = await makeProject(server, { lead, client }, { status: 'completed' });
    const body = { projectId: project.id, rating: 5, text: 'Finished on time' };
    await sentTwice(client, '/api/testimonials', body, 'testimonial-key-0001');
    const mine = await server.app.inject({ method: 'GET', url: '/api/testimonials', headers: client.auth });
    const texts = mine.json().testimonials.map((row: { projectId: string }) => row.projectId);
    expect(texts.filter((id: string) => id === project.id)).toHaveLength(1);
  });
});
