import type { CDPSession } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { activeRegistration, withPushBrowser } from './push-browser.ts';
import { DEMO_ACCOUNTS, createStaff, signIn } from './support.ts';
import { TOKEN_STORAGE_KEY } from '@trowel/shared/auth/session-token.ts';

// Pushes reach Chromium from Google's service over a connection of its own (MCS), which is not stood in
// for: the push is handed to the real service worker by the DevTools protocol, as that connection would.
// Each test runs in a whole Chromium of its own (`push-browser.ts`): the headless shell shows no notices.
test('a pushed notice is shown by the service worker with its title, text and tag', async ({
  launchOptions,
  trowel,
}) => {
  await withPushBrowser(launchOptions, trowel.url, async (_browser, page) => {
    await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/settings');
    const { cdp, registrationId } = await activeRegistration(page);
    const origin = new URL(page.url()).origin;
    const payload = {
      title: 'Task assigned',
      body: 'Pour the slab (and 2 more)',
      link: '/projects',
      tag: 'task',
    };
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    await deliver();
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notice) => ({
          title: notice.title,
          body: notice.body,
          tag: notice.tag,
          data: notice.data as unknown,
        })),
      );
    // On a busy machine the first push can go before the worker takes pushes, and is then lost: it is
    // handed again while none is shown (its tag makes a second one replace the first, never add to it).
    let waited = 0;
    await expect
      .poll(
        async () => {
          const notices = await shown();
          if (notices.length === 0 && ++waited % 5 === 0) await deliver();
          return notices;
        },
        { timeout: 30_000, intervals: [1_000] },
      )
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
});

test('the Push Notifications switch subscribes this browser at its push service through the service worker, and the server keeps it until it is turned off', async ({
  launchOptions,
  trowel,
  accessibility,
}) => {
  await withPushBrowser(launchOptions, trowel.url, async (browser, page) => {
    const person = await createStaff(page.request);
    await signIn(page, person.email, person.password, '/settings');
    await activeRegistration(page);
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    const { publicKey } = (await (
      await page.request.get('/api/push/public-key', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { publicKey: string };
    const subscriptionOfBrowser = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.toJSON(),
      );

    const pushSwitch = page.getByRole('switch', { name: 'Push Notifications' });
    await expect(pushSwitch).not.toBeChecked();
    const saving = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST',
    );
    await pushSwitch.click();
    const saved = await saving;
    // The server's default list of push services took it: it is FCM's, made for the server's key.
    expect(saved.status()).toBe(201);
    const registration = browser.registrationService.registrations.find((made) => made.sender === publicKey);
    expect(registration, 'a registration for the server key').toBeTruthy();
    const subscription = await subscriptionOfBrowser();
    expect(subscription?.endpoint).toMatch(
      new RegExp(`^https://(fcm\\.googleapis\\.com|jmt17\\.google\\.com)/fcm/send/${registration!.token}$`),
    );
    expect(saved.request().postDataJSON()).toEqual({
      endpoint: subscription!.endpoint,
      keys: subscription!.keys,
    });
    await expect(pushSwitch).toBeChecked();
    await page.reload();
    await expect(pushSwitch).toBeChecked();
    await accessibility.check(page);

    // Off: the server forgets this device (it had it for this person: 200, not 404), then the browser drops it.
    const removing = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE',
    );
    await pushSwitch.click();
    expect((await removing).status()).toBe(200);
    await expect(pushSwitch).not.toBeChecked();
    await expect.poll(subscriptionOfBrowser).toBeUndefined();
    await expect.poll(() => browser.registrationService.deleted).toContain(registration!.token);
  });
});

test('tapping a pushed notice brings the open app to its screen, or opens the app there when none is open', async ({
  launchOptions,
  trowel,
  accessibility,
}) => {
  await withPushBrowser(launchOptions, trowel.url, async (browser, page) => {
    await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/settings');
    const { cdp, registrationId } = await activeRegistration(page);
    const origin = new URL(page.url()).origin;
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    const [project] = (
      (await (
        await page.request.get('/api/projects?limit=1', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { projects: Array<{ id: string; name: string }> }
    ).projects;
    /** Pushes a notice to the service worker (through `session`), waits for the desktop to show it, taps it. */
    const pushAndTap = async (session: CDPSession, title: string, link: string) => {
      await session.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify({ title, body: 'Pour the slab', link, tag: 'task' }),
      });
      await expect.poll(() => browser.desktop.shown.map((notice) => notice.summary)).toContain(title);
      browser.desktop.tap(browser.desktop.shown.find((notice) => notice.summary === title)!.id);
    };

    await pushAndTap(cdp, 'Task assigned', `/projects/${project!.id}`);
    await expect(page).toHaveURL(`${origin}/projects/${project!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: project!.name })).toBeVisible();
    expect(browser.context.pages()).toEqual([page]);
    await accessibility.check(page);

    // With no window of the app left, the tap opens one on the notice's screen, still signed in.
    const blank = await browser.context.newPage();
    const blankCdp = await browser.context.newCDPSession(blank);
    await blankCdp.send('ServiceWorker.enable');
    await page.close();
    const opening = browser.context.waitForEvent('page');
    await pushAndTap(blankCdp, 'Task reassigned', '/notifications');
    const opened = await opening;
    await expect(opened).toHaveURL(`${origin}/notifications`);
    await expect(opened.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await accessibility.check(opened);
  });
});
