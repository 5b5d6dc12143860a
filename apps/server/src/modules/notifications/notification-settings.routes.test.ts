import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PREFERENCE_DEFAULTS } from '@trowel/shared/notifications/notification-preferences.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';

let server: TestServer;
let first: TestUser, second: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [first, second] = await Promise.all([server.user('team_member'), server.user('client')]);
});
afterAll(() => server.stop());

const get = (who?: TestUser) =>
  server.app.inject({
    method: 'GET',
    url: '/api/notifications/settings',
    ...(who ? { headers: who.auth } : {}),
  });
const put = (who: TestUser | null, payload: unknown) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/notifications/settings',
    ...(who ? { headers: who.auth } : {}),
    payload: payload as object,
  });

describe('notification settings', () => {
  it('need a session', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(null, { dailyDigest: true })).statusCode).toBe(401);
  });

  it('start at the documented defaults', async () => {
    expect((await get(first)).json()).toEqual({ success: true, settings: NOTIFICATION_PREFERENCE_DEFAULTS });
  });

  it('are stored per person; a flag left out keeps its value', async () => {
    const saved = await put(first, { dailyDigest: true, projectUpdates: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual({
      ...NOTIFICATION_PREFERENCE_DEFAULTS,
      dailyDigest: true,
      projectUpdates: false,
    });
    await put(first, { weeklyReport: true });
    expect((await get(first)).json().settings).toEqual({
      ...NOTIFICATION_PREFERENCE_DEFAULTS,
      dailyDigest: true,
      projectUpdates: false,
      weeklyReport: true,
    });
    expect((await get(second)).json().settings).toEqual(NOTIFICATION_PREFERENCE_DEFAULTS);
  });

  it('accept booleans only, and only the six flags (400, nothing saved)', async () => {
    for (const payload of [
      { emailNotifications: 'false' },
      { dailyDigest: 1 },
      { systemAlerts: null },
      { sms: true },
    ]) {
      const response = await put(second, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect((await get(second)).json().settings).toEqual(NOTIFICATION_PREFERENCE_DEFAULTS);
  });
});
