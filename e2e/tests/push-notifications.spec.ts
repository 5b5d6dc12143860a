import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNTS, signIn } from './support.ts';

/** The service worker's registration id, as the DevTools protocol names it once it is active. */
async function activeRegistration(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const ids = new Set<string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) if (version.status === 'activated') ids.add(version.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect.poll(() => ids.size).toBeGreaterThan(0);
  return { cdp, registrationId: [...ids][0]! };
}

// Headless Chromium has no push service to subscribe with (pushManager.subscribe needs Google's), so
// the push is handed to the real service worker by the DevTools protocol, as a push service would.
test('a pushed notice is shown by the service worker with its title, text and tag', async ({ page }) => {
  await page.context().grantPermissions(['notifications']);
  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/settings');
  const { cdp, registrationId } = await activeRegistration(page);
  const origin = new URL(page.url()).origin;
  const payload = {
    title: 'Task assigned',
    body: 'Pour the slab (and 2 more)',
    link: '/projects',
    tag: 'task',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notice) => ({
        title: notice.title,
        body: notice.body,
        tag: notice.tag,
        data: notice.data as unknown,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: payload.title, body: payload.body, tag: 'task', data: { link: '/projects' } }]);

  // A newer notice of the same topic replaces it on the device; a push that is not Trowel's still shows.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({ ...payload, title: 'Task reassigned' }),
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: 'not json' });
  await expect
    .poll(async () => (await shown()).map((notice) => notice.title).sort())
    .toEqual(['Task reassigned', 'Trowel']);
});
