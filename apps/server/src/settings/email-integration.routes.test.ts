import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@trowel/shared/auth/roles.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';

const API_KEY = 'zm-send-mail-token-4b1d-secret-9f2c';
let smtp: TestSmtp;
let server: TestServer;
let admin: TestUser;
const logLines: string[] = [];
const consoleLines: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp({ password: API_KEY });
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
  for (const method of ['log', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map(String).join(' '));
    });
  server = await startTestServer({ SMTP_URL: smtp.url, LOG_LEVEL: 'trace' }, undefined, logStream);
  admin = await server.user('admin', { name: 'Ada Admin' });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
  vi.restoreAllMocks();
});

const URL_ZEPTO = '/api/admin/settings/email/zeptomail';
const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: TestUser | null, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    ...(who ? { headers: who.auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const save = (fields: Record<string, string>) => call('PUT', URL_ZEPTO, admin, fields);
const testEmail = (testEmail?: string) =>
  call('POST', '/api/notifications/test-email', admin, testEmail === undefined ? {} : { testEmail });

describe('email integration settings', () => {
  it('are the administrator’s alone: visitors 401, every other role 403', async () => {
    const others = await Promise.all(
      ROLES.filter((role) => role !== 'admin').map(async (role) => [role, await server.user(role)] as const),
    );
    for (const [method, url] of [
      ['GET', URL_ZEPTO],
      ['PUT', URL_ZEPTO],
      ['POST', '/api/notifications/test-email'],
    ] as const) {
      expect((await call(method, url, null, {})).statusCode).toBe(401);
      for (const [role, other] of others) {
        const response = await call(method, url, other, { testEmail: 'someone@trowel.test' });
        expect(response.statusCode, `${method} ${url} as ${role}`).toBe(403);
      }
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it('keep the key sealed: answered masked with zeptomail_api_key_set, never in clear', async () => {
    const before = (await call('GET', URL_ZEPTO, admin)).json();
    expect(before.settings).toMatchObject({ zeptomail_api_key: '', zeptomail_api_key_set: false });
    const saved = await save({
      zeptomail_api_key: API_KEY,
      zeptomail_from_email: 'projects@trowel.test',
      zeptomail_from_name: 'Trowel Projects',
      zeptomail_test_email: 'ops@trowel.test',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual({
      zeptomail_api_key: `********${API_KEY.slice(-4)}`,
      zeptomail_api_key_set: true,
      zeptomail_from_email: 'projects@trowel.test',
      zeptomail_from_name: 'Trowel Projects',
      zeptomail_test_email: 'ops@trowel.test',
    });
    for (const url of [URL_ZEPTO, '/api/admin/settings']) {
      const body = (await call('GET', url, admin)).body;
      expect(body).not.toContain(API_KEY);
      expect(body).not.toContain(API_KEY.slice(0, 12));
    }
    const stored = await server.ctx.settingsStore.all();
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
  });

  it('keep the key when the mask is sent back, and the fields left out', async () => {
    const masked = (await call('GET', URL_ZEPTO, admin)).json().settings.zeptomail_api_key;
    expect((await save({ zeptomail_api_key: masked, zeptomail_from_name: 'Trowel' })).statusCode).toBe(200);
    expect((await server.ctx.settings.email()).apiKey).toBe(API_KEY);
    expect((await server.ctx.settings.email()).fromEmail).toBe('projects@trowel.test');
    await save({ zeptomail_from_name: 'Trowel Projects' });
  });

  it('store a cleared key empty and unsealed, so reading it warns of nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect((await save({ zeptomail_api_key: '' })).statusCode).toBe(200);
      const stored = (await server.ctx.settingsStore.all()).find((row) => row.key === 'zeptomail_api_key');
      expect(stored).toMatchObject({ value: '', encrypted: false });
      expect((await server.ctx.settings.email()).apiKey).toBe('');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      await save({ zeptomail_api_key: API_KEY });
    }
  });

  it('refuse a from address that is not an email (400), changing nothing', async () => {
    const refused = await save({ zeptomail_from_email: 'not-an-address', zeptomail_from_name: 'Changed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    // In the words of the form's label, not the setting's wire name.
    expect(refused.json().error).toContain('From Email must be an email address');
    expect(refused.json().error).not.toContain('zeptomail_');
    const now = (await call('GET', URL_ZEPTO, admin)).json().settings;
    expect(now).toMatchObject({
      zeptomail_from_email: 'projects@trowel.test',
      zeptomail_from_name: 'Trowel Projects',
    });
    expect((await save({ unknown_field: 'x' })).statusCode).toBe(400);
  });
});

describe('POST /api/notifications/test-email', () => {
  it("answers 400 'Missing Information' without an address, and 400 for one that is not an email", async () => {
    for (const body of [undefined, '', '   ']) {
      const response = await testEmail(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('Missing Information');
    }
    expect((await testEmail('nope')).statusCode).toBe(400);
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends one email now, from the configured name and address', async () => {
    const response = await testEmail('ops@trowel.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Test email sent to ops@trowel.test' });
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({
      from: { name: 'Trowel Projects', address: 'projects@trowel.test' },
      to: ['ops@trowel.test'],
      subject: 'Trowel test email',
    });
    expect(mail!.text).toContain('Ada Admin');
    expect(mail!.html).toContain('<h1');
  });

  it('answers a refused key with a TM_ code, never 401, so the admin stays signed in', async () => {
    const wrongKey = 'zm-a-revoked-token-0000-wrong';
    await save({ zeptomail_api_key: wrongKey });
    const response = await testEmail('ops@trowel.test');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'TM_INVALID_API_KEY' });
    expect(response.json().error).toContain('refused the API key');
    expect(response.json().error).not.toContain(wrongKey);
    expect((await call('GET', '/api/auth/me', admin)).statusCode).toBe(200);
    await save({ zeptomail_api_key: API_KEY });
  });

  it('answers a refused recipient with 400 and a refused sender with 400', async () => {
    smtp.behaviour = { password: API_KEY, refuseRecipients: ['bounce@trowel.test'] };
    const recipient = await testEmail('bounce@trowel.test');
    expect(recipient.statusCode).toBe(400);
    expect(recipient.json().code).toBe('TM_RECIPIENT_REJECTED');
    smtp.behaviour = { password: API_KEY, refuseSenders: ['projects@trowel.test'] };
    const sender = await testEmail('ops@trowel.test');
    expect(sender.statusCode).toBe(400);
    expect(sender.json().code).toBe('TM_SENDER_REJECTED');
    smtp.behaviour = { password: API_KEY };
    expect((await testEmail('ops@trowel.test')).statusCode).toBe(200);
  });

  it('never writes the key to a log line', () => {
    const everything = [...logLines, ...consoleLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    expect(everything).not.toContain(API_KEY);
    expect(everything).not.toContain(Buffer.from(API_KEY).toString('base64'));
  });

  it('answers 502 with a clear error when the provider cannot be reached', async () => {
    server.ctx.mail.reset();
    await smtp.close();
    const response = await testEmail('ops@trowel.test');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ success: false, code: 'EMAIL_PROVIDER_UNREACHABLE' });
    expect(response.json().error).toContain('could not be reached');
  });
});
