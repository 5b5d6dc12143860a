import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PASSWORD } from './demo-people.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
});
afterAll(() => server?.stop());

/** Each demo person signs in once (a demo password's hash is checked at the real work factor). */
const tokens = new Map<string, Promise<string>>();

async function read<T>(email: string, url: string) {
  if (!tokens.has(email)) tokens.set(email, server.login(email, DEMO_PASSWORD));
  const token = await tokens.get(email)!;
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

interface Rfq {
  id: string;
  number: number;
  status: string;
  title: string;
}

describe('the demo company at work', () => {
  it('has material requests waiting for the lead and part delivered, seen by their lead', async () => {
    type Requests = {
      materialRequests: Array<{ status: string; storeStatus: string | null; notes: string }>;
    };
    const { materialRequests } = await read<Requests>('lead@trowel.test', '/api/material-requests');
    expect(materialRequests.map((request) => [request.status, request.storeStatus]).sort()).toEqual([
      ['approved_by_lead', 'partially_delivered'],
      ['pending_lead_approval', null],
    ]);
  });

  it('has an RFQ waiting for both vendors and one quoted by the vendor it was sent to, the other vendor seeing only theirs', async () => {
    const { rfqs } = await read<{ rfqs: Rfq[] }>('qs@trowel.test', '/api/rfqs');
    const byNumber = new Map(rfqs.map((rfq) => [rfq.number, rfq]));
    expect(byNumber.get(1001)?.status).toBe('pending_vendor_response');
    const quoted = byNumber.get(1002)!;
    expect(quoted.status).toBe('vendor_responded');
    type Comparison = { comparison: { lowestTotal: number; vendors: Array<{ vendorName: string }> } };
    const { comparison } = await read<Comparison>('qs@trowel.test', `/api/rfqs/${quoted.id}/comparison`);
    // 1,200 × ₦1,150 + 350 × ₦850 + 40 × ₦38,500.
    expect(comparison.lowestTotal).toBe(3_217_500);
    expect(comparison.vendors.map((vendor) => vendor.vendorName)).toEqual(['Sani Electricals Nig. Ltd']);

    const mine = (email: string) =>
      read<{ rfqs: Rfq[] }>(email, '/api/rfqs/vendor/my-rfqs').then(({ rfqs: seen }) =>
        seen.map((rfq) => rfq.number).sort(),
      );
    expect(await mine('vendor2@trowel.test')).toEqual([1001, 1002]);
    expect(await mine('vendor@trowel.test')).toEqual([1001]);
  });
});
