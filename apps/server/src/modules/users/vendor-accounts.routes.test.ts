import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer, type TestUser } from '../../../test/harness.ts';
import { insertVendor, type VendorFixture } from '../../../test/procurement.ts';
import { VENDOR_ACCOUNTS_ELSEWHERE } from './users.service.ts';

let server: TestServer;
let admin: TestUser, pm: TestUser, qs: TestUser, engineer: TestUser;
let vendor: VendorFixture;

beforeAll(async () => {
  server = await startTestServer();
  [admin, pm, qs, engineer] = await Promise.all([
    server.user('admin'),
    server.user('project_manager'),
    server.user('quantity_surveyor'),
    server.user('team_member'),
  ]);
  vendor = await insertVendor(server, { name: 'Kano Rods Ltd' });
});
afterAll(() => server.stop());

const call = (who: TestUser, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

const signsIn = async () =>
  (
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: vendor.email, password: TEST_PASSWORD },
    })
  ).statusCode;

describe('vendor accounts among people', () => {
  it('are not there for staff who may not see vendors, in lists or one by one', async () => {
    for (const who of [pm, engineer]) {
      expect((await call(who, 'GET', `/users/${vendor.id}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/users/${vendor.id}/stats`)).statusCode).toBe(404);
      const listed = await call(who, 'GET', `/users?limit=100&search=${encodeURIComponent(vendor.email)}`);
      expect(listed.statusCode).toBe(200);
      expect(JSON.stringify(listed.json())).not.toContain(vendor.email);
      expect((await call(who, 'GET', '/users?role=vendor')).statusCode).toBe(400);
    }
    const everyone = (await call(pm, 'GET', '/users?limit=100')).json();
    expect(everyone.users.map((person: { role: string }) => person.role)).not.toContain('vendor');
  });

  it('cannot be taken over or disabled through /api/users: 404 to a project manager, 403 to an administrator', async () => {
    const takeover = { password: 'taken-over-1', email: 'thief@trowel.test' };
    expect((await call(pm, 'PUT', `/users/${vendor.id}`, takeover)).statusCode).toBe(404);
    expect((await call(pm, 'DELETE', `/users/${vendor.id}`)).statusCode).toBe(404);
    const edit = await call(admin, 'PUT', `/users/${vendor.id}`, takeover);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toBe(VENDOR_ACCOUNTS_ELSEWHERE);
    const removal = await call(admin, 'DELETE', `/users/${vendor.id}`);
    expect(removal.statusCode).toBe(403);
    expect(await signsIn()).toBe(200);
    const listed = (await call(admin, 'GET', `/vendors/${vendor.vendorId}`)).json();
    expect(listed.vendor.status).toBe('active');
  });

  it('are listed, with their contacts, to those who may see vendors', async () => {
    for (const who of [admin, qs]) {
      const listed = await call(
        who,
        'GET',
        `/users?role=vendor&limit=100&search=${encodeURIComponent(vendor.email)}`,
      );
      expect(listed.statusCode).toBe(200);
      expect(listed.json().users.map((person: { id: string }) => person.id)).toContain(vendor.id);
      expect((await call(who, 'GET', `/users/${vendor.id}`)).statusCode).toBe(200);
    }
    // The project manager's page of the same list is not the administrator's kept page.
    expect(
      JSON.stringify(
        (await call(pm, 'GET', `/users?limit=100&search=${encodeURIComponent(vendor.email)}`)).json(),
      ),
    ).not.toContain(vendor.email);
  });
});
