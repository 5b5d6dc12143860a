import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/harness.ts';
import { ACCOUNT_ADDRESS_LIMIT } from './login-throttle.repository.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('POST /api/auth/login', () => {
  it('answers a token and the user without any password field', async () => {
    const user = await server.user('team_member');
    const response = await post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'team_member' });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|scrypt/i);
  });

  it('answers unknown email and wrong password the same way', async () => {
    const user = await server.user('architect');
    const wrong = await post('/api/auth/login', { email: user.email, password: 'not-it' });
    const unknown = await post('/api/auth/login', { email: 'nobody@trowel.test', password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      success: false,
      error: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('requires email and password', async () => {
    const response = await post('/api/auth/login', { email: 'a@b.c' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/password/i);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('throttles repeated failures per account with 429 and Retry-After, without locking other accounts', async () => {
    const victim = await server.user('accountant');
    const other = await server.user('accountant');
    for (let attempt = 0; attempt < ACCOUNT_ADDRESS_LIMIT; attempt++) {
      expect((await post('/api/auth/login', { email: victim.email, password: 'guess' })).statusCode).toBe(
        401,
      );
    }
    const locked = await post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(locked.json().error).toMatch(/too many/i);
    expect((await post('/api/auth/login', { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('checks no more passwords than the limit when 50 attempts arrive together; the rest get 429', async () => {
    const victim = await server.user('accountant');
    const wrong = Array.from({ length: 49 }, () => ({ email: victim.email, password: 'guess' }));
    // The right password sent last, among 49 wrong ones, all at once.
    const answers = await Promise.all(
      [...wrong, { email: victim.email, password: TEST_PASSWORD }].map((body) =>
        post('/api/auth/login', body),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_ADDRESS_LIMIT);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      50 - ACCOUNT_ADDRESS_LIMIT,
    );
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
    // Wrong passwords sent at once only: none gets past the limit either.
    const other = await server.user('accountant');
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/auth/login', { email: other.email, password: 'guess' })),
    );
    expect(burst.filter((answer) => answer.statusCode === 401)).toHaveLength(ACCOUNT_ADDRESS_LIMIT);
    expect(burst.filter((answer) => answer.statusCode === 429)).toHaveLength(50 - ACCOUNT_ADDRESS_LIMIT);
  });

  it('resets the failure count after a successful sign-in', async () => {
    const user = await server.user('store_keeper');
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < ACCOUNT_ADDRESS_LIMIT - 1; attempt++) {
        await post('/api/auth/login', { email: user.email, password: 'guess' });
      }
      expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
        200,
      );
    }
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the user for a valid token and 401 otherwise', async () => {
    const user = await server.user('quantity_surveyor');
    const me = await get('/api/auth/me', user.auth);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: user.id, role: 'quantity_surveyor' });
    expect((await get('/api/auth/me')).statusCode).toBe(401);
    expect(
      (await get('/api/auth/me', { authorization: 'Bearer not-a-real-token-at-all-xxxxx' })).statusCode,
    ).toBe(401);
    expect((await get('/api/auth/me', { authorization: `Basic ${user.token}` })).json().code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('never accepts the session token in the URL', async () => {
    const user = await server.user('admin');
    expect((await get(`/api/auth/me?token=${user.token}`)).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const user = await server.user('team_member');
    const rows = await server.ctx.db.execute(sql`select token_hash from sessions`);
    const hashes = (rows as unknown as { rows: Array<{ token_hash: string }> }).rows.map(
      (row) => row.token_hash,
    );
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(user.token);
  });

  it('logout revokes the token at once', async () => {
    const user = await server.user('project_lead');
    expect((await post('/api/auth/logout', {}, user.auth)).statusCode).toBe(200);
    expect((await get('/api/auth/me', user.auth)).statusCode).toBe(401);
  });

  it('an expired session stops working', async () => {
    const user = await server.user('project_lead');
    await server.ctx.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await get('/api/auth/me', user.auth)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('answers 400, not 401, for a wrong current password', async () => {
    const user = await server.user('accountant');
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: 'wrong', newPassword: 'brand-new' },
      user.auth,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WRONG_PASSWORD');
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const user = await server.user('accountant');
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: '123' },
      user.auth,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Password must be at least 6 characters long.');
  });

  it('changes the password and revokes the other sessions only', async () => {
    const user = await server.user('architect');
    const otherToken = await server.login(user.email);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' },
      user.auth,
    );
    expect(response.statusCode).toBe(200);
    expect((await get('/api/auth/me', user.auth)).statusCode).toBe(200);
    expect((await get('/api/auth/me', { authorization: `Bearer ${otherToken}` })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
  });

  it('needs a session', async () => {
    expect(
      (await post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'bbbbbb' })).statusCode,
    ).toBe(401);
  });
});
