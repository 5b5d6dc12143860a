import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

/**
 * Every other browser test checks the screens it opens in the light appearance (fixtures.ts). The dark
 * appearance turns the palette around, so the screens of the accessibility audit (issue 31: four
 * roles' main screens at a phone's and a laptop's width) are opened in it here, each checked by axe.
 */
const AUDITED: Record<'admin' | 'client' | 'vendor' | 'team_member', string[]> = {
  admin: ['/', '/projects', '/budgets', '/inventory', '/procurement/rfqs', '/settings', '/reports'],
  client: ['/', '/projects'],
  vendor: ['/', '/rfqs'],
  team_member: ['/material-requests', '/daily-log'],
};
const WIDTHS = [360, 1366];

/**
 * Opens the screen as a link inside the app would (the document, and axe in it, stay loaded), and waits
 * until its lists and figures are in (no "Loading ..." left).
 */
async function openLoaded(page: Page, path: string) {
  // Each screen names itself in the document's title: a new title is the new screen drawn.
  const before = await page.title();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  await expect(page).not.toHaveTitle(before);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

for (const [role, paths] of Object.entries(AUDITED)) {
  test(`${role}: the audited screens pass axe in the dark appearance at 360 and 1366 px`, async ({
    page,
    accessibility,
  }) => {
    // Every audited screen of the role, at two widths, each checked by axe.
    test.setTimeout(90_000);
    await page.addInitScript(() =>
      window.localStorage.setItem('trowel.appearance', JSON.stringify({ darkMode: true })),
    );
    await signIn(page, DEMO_ACCOUNTS[role as keyof typeof AUDITED], DEMO_PASSWORD, '/notifications');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of paths) {
        await openLoaded(page, path);
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        await accessibility.check(page);
      }
    }
  });
}
