import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import { startTestServer, TEST_PASSWORD, type TestServer, type TestUser } from '../../../../test/harness.ts';
import { makeRfq, makeVendor } from '../../../../test/procurement.ts';
import { startTestSmtp, type TestSmtp } from '../../../../test/smtp.ts';

let server: TestServer;
let smtp: TestSmtp;
let admin: TestUser, qs: TestUser;
const others = new Map<Role, TestUser>();

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url });
  [admin, qs] = await Promise.all([server.user('admin'), server.user('quantity_surveyor')]);
  for (const role of ROLES.filter((role) => !['admin', 'quantity_surveyor', 'vendor'].includes(role))) {
    others.set(role, await server.user(role));
  }
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestUser | null,
  payload?: object,
) =>
  server.app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });

const validVendor = (email: string) => ({
  name: 'Adeyemi Blocks Ltd',
  contactPerson: 'Tunde Adeyemi',
  email,
  phone: '+234 803 555 0101',
  address: '3 Ikorodu Road, Lagos',
  state: 'Lagos',
  category: 'Construction Materials',
  description: 'Sandcrete blocks',
  password: 'blocks123',
});

/** The set-up of email: with a from address it is set up (SMTP_URL points at the test server). */
const setFromEmail = async (fromEmail: string) =>
  expect(
    (
      await call('PUT', '/api/admin/settings/email/zeptomail', admin, {
        zeptomail_from_email: fromEmail,
      })
    ).statusCode,
  ).toBe(200);

describe('vendor access', () => {
  it('answers 401 without a session and 403 to every role but admin and QS', async () => {
    const { vendor, user } = await makeVendor(server, admin);
    for (const [method, url] of [
      ['GET', '/api/vendors'],
      ['POST', '/api/vendors'],
      ['GET', '/api/vendors/stats'],
      ['GET', `/api/vendors/${vendor.id}`],
      ['PUT', `/api/vendors/${vendor.id}`],
      ['DELETE', `/api/vendors/${vendor.id}`],
      ['GET', '/api/vendors/my-stats'],
      ['GET', '/api/vendors/my-profile'],
    ] as const) {
      expect((await call(method, url, null, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
    }
    for (const [role, someone] of others) {
      expect((await call('GET', '/api/vendors', someone)).statusCode, role).toBe(403);
      expect((await call('POST', '/api/vendors', someone, validVendor('x@y.ng'))).statusCode, role).toBe(403);
      expect((await call('GET', '/api/vendors/stats', someone)).statusCode, role).toBe(403);
      expect((await call('GET', `/api/vendors/${vendor.id}`, someone)).statusCode, role).toBe(403);
      expect(
        (await call('PUT', `/api/vendors/${vendor.id}`, someone, { phone: '08031234567' })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/api/vendors/${vendor.id}`, someone)).statusCode, role).toBe(403);
      expect((await call('GET', '/api/vendors/my-profile', someone)).statusCode, role).toBe(403);
    }
    expect((await call('GET', '/api/vendors', user)).statusCode).toBe(403);
    expect((await call('GET', '/api/vendors/stats', user)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/vendors/${vendor.id}`, qs)).statusCode).toBe(403);
    expect((await call('GET', '/api/vendors/my-stats', qs)).statusCode).toBe(403);
  });

  it('lets a vendor read only their own record: another vendor’s id answers 404', async () => {
    const first = await makeVendor(server, admin);
    const second = await makeVendor(server, qs);
    const own = await call('GET', `/api/vendors/${first.vendor.id}`, first.user);
    expect(own.statusCode).toBe(200);
    expect(own.json().vendor.email).toBe(first.vendor.email);
    expect((await call('GET', `/api/vendors/${second.vendor.id}`, first.user)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/vendors/${second.vendor.id}`, first.user, { phone: '08031234567' }))
        .statusCode,
    ).toBe(404);
    const profile = await call('GET', '/api/vendors/my-profile', second.user);
    expect(profile.json().vendor).toMatchObject({ id: second.vendor.id, name: second.vendor.name });
    expect(JSON.stringify(profile.json())).not.toContain('password');
  });

  it('answers a vendor account without a vendor record with "Vendor profile not found"', async () => {
    const orphan = await server.user('vendor');
    const response = await call('GET', '/api/vendors/my-profile', orphan);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(VENDOR_MESSAGES.serverProfileNotFound);
  });
});

describe('creating vendors', () => {
  it('makes the vendor and their sign-in account, phone stored as +234', async () => {
    const response = await call('POST', '/api/vendors', qs, validVendor('tunde@adeyemi.ng'));
    expect(response.statusCode).toBe(201);
    const { vendor } = response.json();
    expect(vendor).toMatchObject({
      phone: '+2348035550101',
      status: 'active',
      category: 'Construction Materials',
    });
    const token = await server.login('tunde@adeyemi.ng', 'blocks123');
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user).toMatchObject({
      role: 'vendor',
      company: 'Adeyemi Blocks Ltd',
      name: 'Tunde Adeyemi',
    });
  });

  it('refuses missing and malformed fields with the spec’s texts, changing nothing', async () => {
    const before = (await call('GET', '/api/vendors?limit=100', admin)).json().pagination.totalItems;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, VENDOR_MESSAGES.nameRequired],
      [{ name: undefined }, VENDOR_MESSAGES.nameRequired],
      [{ contactPerson: ' ' }, VENDOR_MESSAGES.contactRequired],
      [{ email: '' }, VENDOR_MESSAGES.emailRequired],
      [{ email: 'not-an-email' }, VENDOR_MESSAGES.emailInvalid],
      [{ phone: '' }, VENDOR_MESSAGES.phoneRequired],
      [{ phone: '0603 123 4567' }, VENDOR_MESSAGES.phoneInvalid],
      [{ phone: '+44 7911 123456' }, VENDOR_MESSAGES.phoneInvalid],
      [{ password: '12345' }, VENDOR_MESSAGES.passwordShort],
      [{ category: 'Food' }, 'Category must be one of the listed categories'],
      [{ state: 'Texas' }, 'State must be one of the listed states'],
      [{ status: 'banned' }, 'Status must be active, inactive or suspended'],
    ];
    for (const [change, message] of cases) {
      const response = await call('POST', '/api/vendors', admin, {
        ...validVendor('new@vendor.ng'),
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error, JSON.stringify(change)).toBe(message);
    }
    expect((await call('GET', '/api/vendors?limit=100', admin)).json().pagination.totalItems).toBe(before);
  });

  it('answers 409 for an email already used by a vendor or by any user', async () => {
    const { vendor } = await makeVendor(server, admin);
    const again = await call('POST', '/api/vendors', admin, validVendor(vendor.email.toUpperCase()));
    expect(again.statusCode).toBe(409);
    const staffEmail = await call('POST', '/api/vendors', admin, validVendor(qs.email));
    expect(staffEmail.statusCode).toBe(409);
  });

  it('without a password emails a link to set one, never a password, and the link works once', async () => {
    await setFromEmail('vendors@trowel.test');
    const email = `nopass-${Date.now()}@vendor.ng`;
    const before = smtp.messages.length;
    const response = await call('POST', '/api/vendors', admin, { ...validVendor(email), password: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Vendor created successfully. A link to set their password was emailed to them.',
      emailed: true,
      passwordLink: null,
    });
    const mail = (await smtp.waitFor(before + 1)).find((message) => message.to.includes(email))!;
    const text = mail.text;
    expect(text).not.toMatch(/password:\s*\S/i);
    const token = decodeURIComponent(/setPassword=([^\s]+)/.exec(text)![1]!);
    const bad = await call('POST', '/api/auth/set-password', null, {
      token: token.slice(0, -2) + 'xx',
      password: 'mine123',
    });
    expect(bad.statusCode).toBe(400);
    const set = await call('POST', '/api/auth/set-password', null, { token, password: 'mine123' });
    expect(set.statusCode).toBe(200);
    await server.login(email, 'mine123');
    const reused = await call('POST', '/api/auth/set-password', null, { token, password: 'other123' });
    expect(reused.statusCode).toBe(400);
  });

  it('without email set up says the link was not emailed and hands it to the staff member to pass on', async () => {
    await setFromEmail('');
    const email = `nomail-${Date.now()}@vendor.ng`;
    const response = await call('POST', '/api/vendors', qs, { ...validVendor(email), password: '' });
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.emailed).toBe(false);
    expect(answer.message).toBe(
      'Vendor created, but the link to set their password was not emailed: email is not set up. Copy the link or send it on WhatsApp so they can sign in.',
    );
    expect(answer.message).not.toMatch(/was emailed/);
    const { link, whatsappUrl, expiresAt } = answer.passwordLink;
    expect(link).toMatch(/\/login\?setPassword=/);
    expect((Date.parse(expiresAt) - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
    // The vendor's phone in international form, and the link in the message.
    expect(whatsappUrl).toMatch(/^https:\/\/wa\.me\/2348035550101\?text=/);
    expect(decodeURIComponent(new URL(whatsappUrl).searchParams.get('text') ?? '')).toContain(link);
    // Nothing was queued to fail later.
    const { sql } = await import('drizzle-orm');
    const jobs = await server.ctx.db.execute(
      sql`select id from jobs where type = 'email' and payload->>'to' = ${email}`,
    );
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    // The link works, once.
    const token = decodeURIComponent(new URL(link).searchParams.get('setPassword')!);
    expect(
      (await call('POST', '/api/auth/set-password', null, { token, password: 'mine123' })).statusCode,
    ).toBe(200);
    await server.login(email, 'mine123');
    // A password chosen by staff needs no link at all.
    const chosen = await call('POST', '/api/vendors', admin, validVendor(`chosen-${Date.now()}@vendor.ng`));
    expect(chosen.json()).toMatchObject({
      message: 'Vendor created successfully',
      emailed: false,
      passwordLink: null,
    });
    // The vendor record read later never carries a link.
    const read = await call('GET', `/api/vendors/${answer.vendor.id}`, admin);
    expect(read.body).not.toContain('setPassword');
  });
});

describe('a new password link', () => {
  it('is handed to staff while email is not set up, emailed once it is, refused for an inactive vendor', async () => {
    await setFromEmail('');
    const email = `again-${Date.now()}@vendor.ng`;
    const created = await call('POST', '/api/vendors', admin, { ...validVendor(email), password: '' });
    const vendorId = created.json().vendor.id;
    const url = `/api/vendors/${vendorId}/password-link`;

    const handed = await call('POST', url, qs, {});
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toMatchObject({
      emailed: false,
      message:
        'A new link to set their password was made but not emailed: email is not set up. Copy the link or send it on WhatsApp so they can sign in.',
    });
    const { link, whatsappUrl } = handed.json().passwordLink;
    expect(decodeURIComponent(new URL(whatsappUrl).searchParams.get('text') ?? '')).toContain(link);

    await setFromEmail('vendors@trowel.test');
    const before = smtp.messages.length;
    const emailed = await call('POST', url, admin, {});
    expect(emailed.json()).toMatchObject({ emailed: true, passwordLink: null });
    const mail = (await smtp.waitFor(before + 1)).find((message) => message.to.includes(email))!;
    const token = decodeURIComponent(/setPassword=([^\s]+)/.exec(mail.text)![1]!);
    expect(
      (await call('POST', '/api/auth/set-password', null, { token, password: 'mine123' })).statusCode,
    ).toBe(200);
    // Setting the password spends every link sent before.
    const first = decodeURIComponent(new URL(link).searchParams.get('setPassword')!);
    expect(
      (await call('POST', '/api/auth/set-password', null, { token: first, password: 'other123' })).statusCode,
    ).toBe(400);

    await call('PUT', `/api/vendors/${vendorId}`, admin, { status: 'inactive' });
    const inactive = await call('POST', url, admin, {});
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toBe('Only an active vendor can be sent a link to set their password');
    const unknown = await call(
      'POST',
      '/api/vendors/00000000-0000-4000-8000-000000000000/password-link',
      admin,
      {},
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('editing vendors', () => {
  it('lets staff edit everything and a vendor only contact, phone, address and description', async () => {
    const { vendor, user } = await makeVendor(server, admin);
    const staffEdit = await call('PUT', `/api/vendors/${vendor.id}`, qs, {
      category: 'Landscaping',
      name: 'Renamed Ltd',
    });
    expect(staffEdit.json().vendor).toMatchObject({ category: 'Landscaping', name: 'Renamed Ltd' });
    const own = await call('PUT', `/api/vendors/${vendor.id}`, user, {
      contactPerson: 'New Contact',
      phone: '0909 000 1111',
      address: '1 Marina',
      description: 'Now with trucks',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().vendor).toMatchObject({ contactPerson: 'New Contact', phone: '+2349090001111' });
    for (const field of [
      { status: 'active' },
      { category: 'Other' },
      { email: 'me@else.ng' },
      { name: 'Mine' },
    ]) {
      const refused = await call('PUT', `/api/vendors/${vendor.id}`, user, field);
      expect(refused.statusCode, JSON.stringify(field)).toBe(400);
    }
    const after = (await call('GET', `/api/vendors/${vendor.id}`, admin)).json().vendor;
    expect(after).toMatchObject({ category: 'Landscaping', name: 'Renamed Ltd', status: 'active' });
    expect((await call('PUT', `/api/vendors/${vendor.id}`, user, { phone: '123' })).statusCode).toBe(400);
  });

  it('ends a deactivated vendor’s sessions at once and refuses their sign-in', async () => {
    const { vendor, user } = await makeVendor(server, admin);
    expect((await call('GET', '/api/vendors/my-profile', user)).statusCode).toBe(200);
    const change = await call('PUT', `/api/vendors/${vendor.id}`, qs, { status: 'suspended' });
    expect(change.statusCode).toBe(200);
    expect((await call('GET', '/api/vendors/my-profile', user)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', null, {
      email: vendor.email,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe(VENDOR_MESSAGES.deactivated);
    await call('PUT', `/api/vendors/${vendor.id}`, qs, { status: 'active' });
    await server.login(vendor.email);
  });

  it('refuses to delete a vendor who was sent RFQs and deletes one who was not', async () => {
    const used = await makeVendor(server, admin);
    const unused = await makeVendor(server, admin);
    await makeRfq(server, qs, [used.vendor.id]);
    const refused = await call('DELETE', `/api/vendors/${used.vendor.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect((await call('GET', `/api/vendors/${used.vendor.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/vendors/${unused.vendor.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/vendors/${unused.vendor.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/vendors/my-profile', unused.user)).statusCode).toBe(401);
  });
});

describe('vendor lists and figures', () => {
  it('searches name, contact and email, filters by category, state and status, and pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await makeVendor(server, admin, {
      name: `${tag} Electric`,
      category: 'Electrical Supplies',
      state: 'Kano',
    });
    await makeVendor(server, admin, {
      contactPerson: `Mr ${tag}`,
      category: 'Plumbing Supplies',
      state: 'Kano',
    });
    await makeVendor(server, admin, {
      email: `${tag}@pipes.ng`,
      category: 'Plumbing Supplies',
      state: 'Oyo',
    });
    const all = (await call('GET', `/api/vendors?search=${tag}`, qs)).json();
    expect(all.pagination.totalItems).toBe(3);
    const plumbingInKano = (
      await call('GET', `/api/vendors?search=${tag}&category=Plumbing%20Supplies&state=Kano`, qs)
    ).json();
    expect(plumbingInKano.vendors).toHaveLength(1);
    const paged = (await call('GET', `/api/vendors?search=${tag}&limit=2&page=2`, qs)).json();
    expect(paged.vendors).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ currentPage: 2, totalPages: 2, hasNext: false });
    expect(
      (await call('GET', '/api/vendors?status=inactive', qs))
        .json()
        .vendors.every((v: { status: string }) => v.status === 'inactive'),
    ).toBe(true);
    expect((await call('GET', '/api/vendors?category=Food', qs)).statusCode).toBe(400);
  });

  it('counts vendors by status and category, and active vendors with an open RFQ', async () => {
    const before = (await call('GET', '/api/vendors/stats', admin)).json().stats;
    const busy = await makeVendor(server, admin, { category: 'Safety Equipment' });
    await makeVendor(server, admin, { category: 'Safety Equipment', status: 'inactive' });
    await makeRfq(server, qs, [busy.vendor.id]);
    const after = (await call('GET', '/api/vendors/stats', admin)).json().stats;
    expect(after.total).toBe(before.total + 2);
    expect(after.byStatus.inactive).toBe(before.byStatus.inactive + 1);
    const safety = (stats: { byCategory: Array<{ category: string; count: number }> }) =>
      stats.byCategory.find((row) => row.category === 'Safety Equipment')?.count ?? 0;
    expect(safety(after)).toBe(safety(before) + 2);
    expect(after.activeWithOpenRfq).toBe(before.activeWithOpenRfq + 1);
  });
});
