import type { Page } from '@playwright/test';
import { bottomNavigation, userMenu, type NavItem } from '@trowel/shared/routes/navigation.ts';
import { DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const roles = Object.keys(DEMO_ACCOUNTS) as Array<keyof typeof DEMO_ACCOUNTS>;

/** The user menu's links, in order, without its group labels. */
const menuLinks = (role: keyof typeof DEMO_ACCOUNTS): NavItem[] =>
  userMenu(role).flatMap((entry) => ('items' in entry ? entry.items : [entry]));

/** The screen at `to` opened: its address, a title of its own, and no 'Access Denied'. */
async function expectScreen(page: Page, to: string) {
  await expect.poll(() => new URL(page.url()).pathname, { message: to }).toBe(to);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
}

test.describe('each role follows its whole navigation on a phone', () => {
  // The roles' walks are independent and together the longest stretch of the run: spread over the workers.
  test.describe.configure({ mode: 'parallel' });
  for (const role of roles) {
    test(`${role}: every bottom bar and user menu entry opens its screen at 360 px`, async ({ page }) => {
      // Up to sixteen screens, each loaded on first visit.
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 360, height: 780 });
      await signIn(page, DEMO_ACCOUNTS[role]);

      const bar = page.getByRole('navigation', { name: 'Bottom navigation' });
      const barItems = bottomNavigation(role);
      await expect(bar.getByRole('link')).toHaveText(barItems.map((item) => item.label));
      for (const link of await bar.getByRole('link').all()) {
        const box = await link.boundingBox();
        expect(box!.x + box!.width, 'the bottom bar fits the phone').toBeLessThanOrEqual(360);
      }
      for (const item of barItems) {
        await bar.getByRole('link', { name: item.label, exact: true }).click();
        await expectScreen(page, item.to);
      }

      const visited = new Set(barItems.map((item) => item.to));
      for (const item of menuLinks(role)) {
        await page.getByRole('button', { name: 'User menu' }).click();
        const menu = page.getByRole('menu');
        await expect(menu).toContainText(role.replaceAll('_', ' '));
        const entry = menu.getByRole('menuitem', { name: item.label, exact: true });
        await expect(entry).toBeVisible();
        if (visited.has(item.to)) {
          await page.keyboard.press('Escape');
          continue;
        }
        visited.add(item.to);
        await entry.click();
        await expectScreen(page, item.to);
      }
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    });
  }
});

test("a store keeper goes from a project's page to that project's material requests", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, DEMO_ACCOUNTS.store_keeper, undefined, '/projects');
  const card = page.getByRole('list', { name: 'Project list' }).getByRole('listitem').first();
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/projects\/[^/]+$/);
  const projectId = new URL(page.url()).pathname.split('/').at(-1)!;
  const links = page.getByRole('navigation', { name: "This project's pages" });
  await expect(links.getByRole('link')).toHaveText(['Schedule', 'Material Requests']);
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  await links.getByRole('link', { name: 'Material Requests' }).click();
  await expect(page).toHaveURL(`/material-requests?projectId=${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Material Requests' })).toBeVisible();
  await expect(page.getByLabel('Project')).toHaveValue(projectId);
  await expect(page.getByLabel('Project').locator('option:checked')).toHaveText(title!);
});

test('the layout fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, DEMO_ACCOUNTS.admin);
  for (const path of ['/', '/admin/staff', '/admin/clients', '/profile', '/admin/staff/new']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
