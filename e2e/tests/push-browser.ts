import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type LaunchOptions, type Page } from '@playwright/test';
import { CHROMIUM } from './browsers.ts';
import { startDesktopNotifications, type DesktopNotifications } from './desktop-notifications.ts';
import { startPushRegistrationService, type PushRegistrationService } from './push-registration-service.ts';

/** A browser as a person's: a profile on disk, its push registrations and its desktop's notices. */
export interface PushBrowser {
  context: BrowserContext;
  registrationService: PushRegistrationService;
  desktop: DesktopNotifications;
  close(): Promise<void>;
}

/**
 * Chromium with a profile of its own (push subscriptions need one: a test's usual context is
 * incognito, where Chromium has no push), its push registrations going to a local stand-in for
 * Google's (push-registration-service.ts) and its notices to a desktop of its own
 * (desktop-notifications.ts), notifications allowed for Trowel.
 */
export async function launchPushBrowser(launchOptions: LaunchOptions, baseURL: string): Promise<PushBrowser> {
  const registrationService = await startPushRegistrationService();
  const desktop = await startDesktopNotifications();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    // The whole browser: the headless shell has no push service.
    executablePath: CHROMIUM,
    args: [...(launchOptions.args ?? []), ...registrationService.chromiumArgs],
    env: { ...process.env, ...desktop.env },
    baseURL,
    reducedMotion: 'reduce',
    // The test runner gives every context the configuration's options, which block service workers.
    serviceWorkers: 'allow',
  });
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL).origin });
  return {
    context,
    registrationService,
    desktop,
    async close() {
      await context.close();
      await Promise.all([registrationService.close(), desktop.close()]);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `use` in a push browser of its own (`launchPushBrowser`) on its first page, and closes it after.
 * Starting a browser and installing the app takes longer than a test in the shared browser: the test
 * gets 90 s.
 */
export async function withPushBrowser(
  launchOptions: LaunchOptions,
  baseURL: string,
  use: (browser: PushBrowser, page: Page) => Promise<void>,
) {
  test.setTimeout(90_000);
  const browser = await launchPushBrowser(launchOptions, baseURL);
  try {
    await use(browser, browser.context.pages()[0] ?? (await browser.context.newPage()));
  } finally {
    await browser.close();
  }
}

/** The service worker's registration id, as the DevTools protocol names it once it is active. */
export async function activeRegistration(page: Page) {
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
