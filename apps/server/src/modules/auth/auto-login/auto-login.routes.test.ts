import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@trowel/shared/auth/roles.ts';
import {
  AUTO_LOGIN_MESSAGES,
  LINKABLE_RFQ_STATUSES,
  type GenerateAutoLoginAnswer,
  type ValidateAutoLoginAnswer,
} from '@trowel/shared/auto-login/auto-login.schemas.ts';
import { RFQ_STATUSES } from '@trowel/shared/procurement/rfq.machine.ts';
import { autoLoginLinks, vendors } from '../../../db/schema.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';
import {
  insertRfq,
  insertVendor,
  type RfqFixture,
  type VendorFixture,
} from '../../../../test/procurement.ts';

let server: TestServer;
let admin: TestUser, qs: TestUser;
let vendor: VendorFixture, other: VendorFixture;
let rfq: RfqFixture, othersRfq: RfqFixture;
let address = 0;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://trowel.example' });
  [admin, qs] = await Promise.all([server.user('admin'), server.user('quantity_surveyor')]);
  vendor = await insertVendor(server, { name: 'Ikeja Steel', phone: '+2348031234567' });
  other = await insertVendor(server);
  rfq = await insertRfq(server, qs, [vendor], { status: 'pending_vendor_response' });
  othersRfq = await insertRfq(server, qs, [other], { status: 'pending_vendor_response' });
});
afterAll(() => server.stop());
afterEach(() => vi.useRealTimers());

/** Each test comes from an address of its own, so the throttle of one never touches another. */
const nextAddress = () => `10.0.0.${++address}`;

const generate = (who: TestUser | null, body: object) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auto-login/generate',
    ...(who ? { headers: who.auth } : {}),
    payload: body,
  });
const validate = (body: unknown, remoteAddress: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auto-login/validate',
    payload: body as object,
    remoteAddress,
  });

async function newLink(who: TestUser = qs, target = { vendorId: vendor.vendorId, rfqId: rfq.id }) {
  const response = await generate(who, target);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GenerateAutoLoginAnswer>();
}

async function setSetting(key: string, value: string) {
  const response = await server.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin.auth,
    payload: { settings: [{ key, value }] },
  });
  expect(response.statusCode).toBe(200);
}

describe('generating a link', () => {
  it('answers the token, the link, its expiry and the WhatsApp address with the RFQ title', async () => {
    const before = Date.now();
    const answer = await newLink();
    expect(answer.token).toMatch(/^al_[A-Za-z0-9_-]{43}$/);
    expect(answer.link).toBe(`https://trowel.example/auth/auto-login?token=${answer.token}`);
    const days = (Date.parse(answer.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);
    expect(answer.whatsappUrl.startsWith('https://wa.me/2348031234567?text=')).toBe(true);
    const message = decodeURIComponent(answer.whatsappUrl.split('?text=')[1]!);
    expect(message).toContain(rfq.title);
    expect(message).toContain(answer.link);
    const [stored] = await server.ctx.db
      .select()
      .from(autoLoginLinks)
      .where(eq(autoLoginLinks.expiresAt, new Date(answer.expiresAt)));
    expect(stored?.tokenHash).not.toContain(answer.token);
  });

  it('is for admin and quantity_surveyor only', async () => {
    expect((await generate(null, { vendorId: vendor.vendorId, rfqId: rfq.id })).statusCode).toBe(401);
    for (const role of ROLES.filter((role) => role !== 'admin' && role !== 'quantity_surveyor')) {
      const someone = role === 'vendor' ? vendor : await server.user(role);
      expect((await generate(someone, { vendorId: vendor.vendorId, rfqId: rfq.id })).statusCode, role).toBe(
        403,
      );
    }
    await newLink(admin);
  });

  it('refuses a vendor not sent the RFQ, an inactive vendor and unknown ids', async () => {
    const notInvited = await generate(qs, { vendorId: other.vendorId, rfqId: rfq.id });
    expect(notInvited.statusCode).toBe(400);
    expect(notInvited.json().error).toBe('This vendor was not sent this RFQ');
    expect((await generate(qs, { vendorId: crypto.randomUUID(), rfqId: rfq.id })).statusCode).toBe(404);
    expect((await generate(qs, { vendorId: vendor.vendorId, rfqId: crypto.randomUUID() })).statusCode).toBe(
      404,
    );
    expect((await generate(qs, { vendorId: vendor.vendorId, rfqId: rfq.id, action: 'pay' })).statusCode).toBe(
      400,
    );
    const sleeper = await insertVendor(server, { status: 'inactive' });
    const sleepersRfq = await insertRfq(server, qs, [sleeper]);
    const inactive = await generate(qs, { vendorId: sleeper.vendorId, rfqId: sleepersRfq.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error).toBe('This vendor is not active');
  });

  it('is refused with 409 for an RFQ not sent to vendors, rejected or cancelled, and made in every linkable status', async () => {
    for (const status of RFQ_STATUSES) {
      const target = await insertRfq(server, qs, [vendor], { status });
      const response = await generate(qs, { vendorId: vendor.vendorId, rfqId: target.id });
      if ((LINKABLE_RFQ_STATUSES as readonly string[]).includes(status)) {
        expect(response.statusCode, status).toBe(200);
      } else {
        expect(response.statusCode, status).toBe(409);
        expect(response.json(), status).toMatchObject({
          code: 'INVALID_STATE',
          error: AUTO_LOGIN_MESSAGES.rfqNotLinkable,
        });
      }
    }
    const refused = RFQ_STATUSES.filter(
      (status) => !(LINKABLE_RFQ_STATUSES as readonly string[]).includes(status),
    );
    expect(refused).toEqual(['pending_qs_review', 'rejected', 'cancelled']);
  });

  it('is refused with 409 while vendor auto-login is off in the settings, and links already sent stop working', async () => {
    const sent = await newLink();
    await setSetting('vendor_autologin_enabled', 'false');
    try {
      const response = await generate(qs, { vendorId: vendor.vendorId, rfqId: rfq.id });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'AUTO_LOGIN_DISABLED',
        error: 'Vendor auto-login is turned off in the settings.',
      });
      expect((await validate({ token: sent.token }, nextAddress())).json().code).toBe('AUTO_LOGIN_DISABLED');
    } finally {
      await setSetting('vendor_autologin_enabled', 'true');
    }
  });
});

describe('validating a link', () => {
  it('opens a new ordinary session of the vendor that reaches only their RFQs; the link works once', async () => {
    const { token } = await newLink();
    const from = nextAddress();
    const response = await validate({ token }, from);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ValidateAutoLoginAnswer>();
    expect(answer).toMatchObject({
      user: { id: vendor.id, role: 'vendor' },
      rfq: { id: rfq.id, title: rfq.title },
      redirectUrl: `/rfqs/${rfq.id}`,
    });
    expect(answer.token).not.toBe(token);
    const session = { authorization: `Bearer ${answer.token}` };
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: session });
    expect(me.json().user.id).toBe(vendor.id);
    const own = await server.app.inject({ method: 'GET', url: `/api/rfqs/${rfq.id}`, headers: session });
    expect(own.statusCode).toBe(200);
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/api/rfqs/${othersRfq.id}`,
      headers: session,
    });
    expect(foreign.statusCode).toBe(404);
    const staffOnly = await server.app.inject({ method: 'GET', url: '/api/vendors', headers: session });
    expect(staffOnly.statusCode).toBe(403);

    const again = await validate({ token }, from);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      success: false,
      code: 'USED_TOKEN',
      error: 'This auto-login link has already been used. Please log in manually or ask for a new link.',
    });
  });

  it('lets one of two uses at the same moment through; the other is told the link was used', async () => {
    const { token } = await newLink();
    const from = nextAddress();
    const answers = await Promise.all([validate({ token }, from), validate({ token }, from)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    expect(answers.find((answer) => answer.statusCode === 410)!.json().code).toBe('USED_TOKEN');
  });

  it('tells a used link from an expired one, and a stranger holding either learns only that', async () => {
    const used = await newLink();
    expect((await validate({ token: used.token }, nextAddress())).statusCode).toBe(200);
    const unused = await newLink(qs, { vendorId: other.vendorId, rfqId: othersRfq.id });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 86_400_000);
    const usedLater = await validate({ token: used.token }, nextAddress());
    const expired = await validate({ token: unused.token }, nextAddress());
    vi.useRealTimers();
    // Used, then its time ran out: still "already used".
    expect(usedLater.statusCode).toBe(410);
    expect(usedLater.json()).toEqual({
      success: false,
      code: 'USED_TOKEN',
      error: 'This auto-login link has already been used. Please log in manually or ask for a new link.',
    });
    expect(expired.json()).toMatchObject({ success: false, code: 'EXPIRED_TOKEN' });
    // No name, email, RFQ or time in either answer.
    for (const answer of [usedLater, expired]) {
      expect(Object.keys(answer.json()).sort()).toEqual(['code', 'error', 'success']);
      expect(answer.body).not.toContain(vendor.email);
      expect(answer.body).not.toContain(rfq.title);
    }
  });

  it('never accepts the link token as a bearer session', async () => {
    const { token } = await newLink();
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    // …and the link still works afterwards.
    expect((await validate({ token }, nextAddress())).statusCode).toBe(200);
  });

  it('refuses an expired link with the validity in its text (the clock moved past it)', async () => {
    const { token } = await newLink();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 86_400_000 + 60_000);
    const response = await validate({ token }, nextAddress());
    vi.useRealTimers();
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({
      success: false,
      code: 'EXPIRED_TOKEN',
      error: 'This auto-login link has expired after 72 hours. Please log in manually or request a new link.',
    });
  });

  it('follows the expiry setting', async () => {
    await setSetting('vendor_autologin_expiry_days', '7');
    try {
      const { token, expiresAt } = await newLink();
      expect((Date.parse(expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(6.99);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 8 * 86_400_000);
      const response = await validate({ token }, nextAddress());
      vi.useRealTimers();
      expect(response.json().error).toBe(
        'This auto-login link has expired after 7 days. Please log in manually or request a new link.',
      );
    } finally {
      await setSetting('vendor_autologin_expiry_days', '3');
    }
  });

  it('refuses a link replaced by a newer one, and every link of a deactivated vendor', async () => {
    const older = await newLink();
    const newer = await newLink();
    expect((await validate({ token: older.token }, nextAddress())).json().code).toBe('INVALID_TOKEN');
    const laterVendor = await insertVendor(server);
    const theirRfq = await insertRfq(server, qs, [laterVendor]);
    const link = await newLink(qs, { vendorId: laterVendor.vendorId, rfqId: theirRfq.id });
    const setStatus = async (status: string) => {
      const response = await server.app.inject({
        method: 'PUT',
        url: `/api/vendors/${laterVendor.vendorId}`,
        headers: admin.auth,
        payload: { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await setStatus('inactive');
    // Revoked for good: making the vendor active again does not bring the link back.
    await setStatus('active');
    expect((await validate({ token: link.token }, nextAddress())).json().code).toBe('INVALID_TOKEN');
    const suspended = await insertVendor(server);
    const lastRfq = await insertRfq(server, qs, [suspended]);
    const lastLink = await newLink(qs, { vendorId: suspended.vendorId, rfqId: lastRfq.id });
    await server.ctx.db
      .update(vendors)
      .set({ status: 'suspended' })
      .where(eq(vendors.id, suspended.vendorId));
    expect((await validate({ token: lastLink.token }, nextAddress())).json().code).toBe('INVALID_TOKEN');
    expect((await validate({ token: newer.token }, nextAddress())).statusCode).toBe(200);
  });

  it('answers garbage with INVALID_TOKEN and a missing token with 400 and the spec text', async () => {
    for (const token of ['garbage', 'al_' + 'x'.repeat(43), "' or 1=1 --", 'al_' + 'x'.repeat(5000)]) {
      const response = await validate({ token }, nextAddress());
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_TOKEN',
        error: 'This auto-login link is invalid or has been revoked. Please log in manually.',
      });
    }
    for (const body of [{}, { token: '  ' }, undefined]) {
      const missing = await validate(body, nextAddress());
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('Invalid auto-login link. No token provided.');
    }
  });

  it('throttles an address that guesses, yet a good unused link from it always works', async () => {
    const from = nextAddress();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await validate({ token: `al_wrong${attempt}`.padEnd(46, 'x') }, from)).statusCode).toBe(400);
    }
    const guess = await validate({ token: 'al_wrong-again'.padEnd(46, 'x') }, from);
    expect(guess.statusCode).toBe(429);
    expect(guess.headers['retry-after']).toBeDefined();
    const { token } = await newLink();
    expect((await validate({ token }, from)).statusCode).toBe(200);
    // Another address is not affected by the guesses.
    expect((await validate({ token: 'al_other'.padEnd(46, 'x') }, nextAddress())).statusCode).toBe(400);
  });

  it('counts no honest reuse: vendors behind one address tapping used links twice lock nobody out', async () => {
    const office = nextAddress();
    for (let vendorTap = 0; vendorTap < 12; vendorTap++) {
      const { token } = await newLink();
      expect((await validate({ token }, office)).statusCode).toBe(200);
      const again = await validate({ token }, office);
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('USED_TOKEN');
    }
    const { token } = await newLink();
    expect((await validate({ token }, office)).statusCode).toBe(200);
  });
});
