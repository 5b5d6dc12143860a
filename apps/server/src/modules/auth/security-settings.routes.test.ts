import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer, type TestUser } from '../../../test/harness.ts';

let server: TestServer;
let person: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  person = await server.user('project_lead');
});
afterAll(() => server.stop());

const BROWSER_A = 'browser-a-0123456789abcdef';
const BROWSER_B = 'browser-b-0123456789abcdef';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const signIn = async (browserId?: string) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': CHROME_ANDROID },
    payload: { email: person.email, password: TEST_PASSWORD, ...(browserId ? { browserId } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; expiresAt: string }>();
};
const settings = (method: 'GET' | 'PUT', payload?: object) =>
  server.app.inject({
    method,
    url: '/api/auth/security-settings',
    headers: person.auth,
    ...(payload ? { payload } : {}),
  });
const signInNotices = async () =>
  (await server.app.inject({ method: 'GET', url: '/api/notifications', headers: person.auth }))
    .json()
    .notifications.filter((item: { title: string }) => item.title === 'New sign-in to your account');
const hoursLeft = (expiresAt: string) => (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;

describe('security settings', () => {
  it('default to 24 hours and login notifications on, and need a session', async () => {
    expect((await settings('GET')).json().settings).toEqual({
      sessionTimeout: '24h',
      loginNotifications: true,
    });
    expect((await server.app.inject({ method: 'GET', url: '/api/auth/security-settings' })).statusCode).toBe(
      401,
    );
  });

  it('make the next sign-in last the chosen timeout, enforced by the server', async () => {
    expect(hoursLeft((await signIn(BROWSER_A)).expiresAt)).toBeCloseTo(24, 1);
    expect((await settings('PUT', { sessionTimeout: '1h' })).json().settings.sessionTimeout).toBe('1h');
    const short = await signIn(BROWSER_A);
    expect(hoursLeft(short.expiresAt)).toBeCloseTo(1, 1);
    await settings('PUT', { sessionTimeout: '30d' });
    expect(hoursLeft((await signIn(BROWSER_A)).expiresAt)).toBeCloseTo(720, 0);
    for (const payload of [{ sessionTimeout: '2h' }, { loginNotifications: 'yes' }, { other: true }])
      expect((await settings('PUT', payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });

  it('notify a sign-in from a new browser, not from one seen before, and not when turned off', async () => {
    const before = (await signInNotices()).length;
    await signIn(BROWSER_A);
    expect(await signInNotices()).toHaveLength(before);
    await signIn(BROWSER_B);
    const notices = await signInNotices();
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({ type: 'other', link: '/settings', recipientUsers: [person.id] });
    expect(notices[0].message).toContain('Chrome on Android');
    await signIn(BROWSER_B);
    expect(await signInNotices()).toHaveLength(before + 1);

    await settings('PUT', { loginNotifications: false });
    await signIn('browser-c-0123456789abcdef');
    expect(await signInNotices()).toHaveLength(before + 1);
  });
});
