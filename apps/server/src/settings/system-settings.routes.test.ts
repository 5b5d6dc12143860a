import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@trowel/shared/auth/roles.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.user('admin');
});
afterAll(() => server.stop());

const get = (who?: TestUser) =>
  server.app.inject({ method: 'GET', url: '/api/admin/settings', ...(who ? { headers: who.auth } : {}) });
const put = (settings: unknown, who: TestUser | null = admin) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    ...(who ? { headers: who.auth } : {}),
    payload: { settings },
  });

const valueOf = async (key: string) =>
  ((await get(admin)).json().settings as Array<{ key: string; value: string }>).find(
    (entry) => entry.key === key,
  )?.value;

describe('system settings', () => {
  it('are the administrator’s alone: visitors 401, every other role 403, before the body is read', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put([{ key: 'budget_qs_review_enabled', value: 'false' }], null)).statusCode).toBe(401);
    for (const role of ROLES.filter((role) => role !== 'admin')) {
      const user = await server.user(role);
      expect((await get(user)).statusCode, role).toBe(403);
      const refused = await put('not even a list', user);
      expect(refused.statusCode, role).toBe(403);
    }
    expect(await valueOf('budget_qs_review_enabled')).toBe('true');
  });

  it('list every known key with its default, and the vendor auto-login entries as the spec names them', async () => {
    const answer = (await get(admin)).json();
    expect(answer.settings).toContainEqual(
      expect.objectContaining({ key: 'budget_qs_review_enabled', value: 'true', category: 'workflow' }),
    );
    expect(answer.settings).toContainEqual(
      expect.objectContaining({
        key: 'vendor_autologin_expiry_days',
        value: '3',
        category: 'vendor_autologin',
      }),
    );
    expect(answer.vendor_autologin).toEqual([
      { key: 'enabled', value: 'true' },
      { key: 'expiry_days', value: '3' },
    ]);
    for (const entry of answer.settings) expect(entry.description.length).toBeGreaterThan(0);
  });

  it('switch QS review off and on for every module that reads it', async () => {
    expect(await server.ctx.settings.qsReviewEnabled()).toBe(true);
    const saved = await put([{ key: 'budget_qs_review_enabled', value: 'false', category: 'workflow' }]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toContainEqual(
      expect.objectContaining({ key: 'budget_qs_review_enabled', value: 'false' }),
    );
    expect(await server.ctx.settings.qsReviewEnabled()).toBe(false);
    await put([{ key: 'budget_qs_review_enabled', value: 'true' }]);
    expect(await server.ctx.settings.qsReviewEnabled()).toBe(true);
  });

  it('refuse a value that is not the string true or false', async () => {
    for (const value of ['yes', 'TRUE', '', 1]) {
      const answer = await put([{ key: 'budget_qs_review_enabled', value }]);
      expect(answer.statusCode, String(value)).toBe(400);
      expect(answer.json().error).toContain('budget_qs_review_enabled');
    }
    expect((await put([{ key: 'budget_qs_review_enabled', value: true }])).statusCode).toBe(400);
    expect(await valueOf('budget_qs_review_enabled')).toBe('true');
  });

  it('take the vendor link expiry as whole days from 1 to 30, refusing anything else by field and range', async () => {
    for (const value of ['0', '31', '2.5', 'abc', '-3', '', 45]) {
      const answer = await put([{ key: 'vendor_autologin_expiry_days', value }]);
      expect(answer.statusCode, String(value)).toBe(400);
      expect(answer.json().error, String(value)).toBe(
        'vendor_autologin_expiry_days must be a whole number of days from 1 to 30',
      );
      expect(await valueOf('vendor_autologin_expiry_days'), String(value)).toBe('3');
    }
    expect((await put([{ key: 'vendor_autologin_expiry_days', value: 7 }])).statusCode).toBe(200);
    expect(
      (await put([{ key: 'vendor_autologin_enabled', value: 'false', category: 'vendor_autologin' }]))
        .statusCode,
    ).toBe(200);
    expect(await server.ctx.settings.vendorAutoLogin()).toEqual({ enabled: false, expiryDays: 7 });
    expect((await get(admin)).json().vendor_autologin).toEqual([
      { key: 'enabled', value: 'false' },
      { key: 'expiry_days', value: '7' },
    ]);
    await put([
      { key: 'vendor_autologin_enabled', value: 'true' },
      { key: 'vendor_autologin_expiry_days', value: '3' },
    ]);
  });

  it('refuse unknown keys, a wrong category and a key named twice, writing nothing of the request', async () => {
    const typo = await put([
      { key: 'budget_qs_review_enabled', value: 'false' },
      { key: 'budget_qs_reveiw_enabled', value: 'false' },
    ]);
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Unknown setting: budget_qs_reveiw_enabled',
    });
    const category = await put([{ key: 'budget_qs_review_enabled', value: 'false', category: 'email' }]);
    expect(category.statusCode).toBe(400);
    const twice = await put([
      { key: 'budget_qs_review_enabled', value: 'false' },
      { key: 'budget_qs_review_enabled', value: 'true' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await put([])).statusCode).toBe(400);
    expect(await valueOf('budget_qs_review_enabled')).toBe('true');
    expect((await server.ctx.settingsStore.all()).map((row) => row.key)).not.toContain(
      'budget_qs_reveiw_enabled',
    );
  });

  it('keep a secret encrypted: stored sealed, listed masked, kept when the mask comes back', async () => {
    const secret = 'Zoho-enczapikey wSsVR61-secret-tail9Q7x';
    expect((await put([{ key: 'zeptomail_api_key', value: secret }])).statusCode).toBe(200);
    const listed = await get(admin);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain('wSsVR61');
    const masked = await valueOf('zeptomail_api_key');
    expect(masked).toBe('********9Q7x');
    const row = (await server.ctx.settingsStore.all()).find((entry) => entry.key === 'zeptomail_api_key');
    expect(row?.encrypted).toBe(true);
    expect(row?.value).not.toContain('secret');
    expect((await server.ctx.settings.email()).apiKey).toBe(secret);

    expect((await put([{ key: 'zeptomail_api_key', value: masked }])).statusCode).toBe(200);
    expect((await server.ctx.settings.email()).apiKey).toBe(secret);
  });

  it('refuse a from address that is not an email', async () => {
    const answer = await put([{ key: 'zeptomail_from_email', value: 'not-an-address' }]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toContain('zeptomail_from_email');
    expect((await put([{ key: 'zeptomail_from_email', value: 'site@trowel.test' }])).statusCode).toBe(200);
    expect((await server.ctx.settings.email()).fromEmail).toBe('site@trowel.test');
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('system settings across processes', () => {
  it('a change saved through one process is read by the other at once', async () => {
    const second = await startTestServer({}, server.pgSchema);
    try {
      expect(await second.ctx.settings.qsReviewEnabled()).toBe(true);
      await put([{ key: 'budget_qs_review_enabled', value: 'false' }]);
      let seen = true;
      for (let attempt = 0; attempt < 40 && seen; attempt++) {
        seen = await second.ctx.settings.qsReviewEnabled();
        if (seen) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seen).toBe(false);
      await put([{ key: 'budget_qs_review_enabled', value: 'true' }]);
    } finally {
      await second.close();
    }
  });
});
