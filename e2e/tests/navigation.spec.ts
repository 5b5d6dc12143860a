import { bottomNavigation, userMenu } from '@trowel/shared/routes/navigation.ts';
import { DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const roles = Object.keys(DEMO_ACCOUNTS) as Array<keyof typeof DEMO_ACCOUNTS>;

test.describe('each role sees its own navigation', () => {
  for (const role of roles) {
    test(`${role}: bottom navigation on a phone and the user menu`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await signIn(page, DEMO_ACCOUNTS[role]);
      const nav = page.getByRole('navigation', { name: 'Bottom navigation' });
      await expect(nav.getByRole('link')).toHaveText(bottomNavigation(role).map((item) => item.label));

      await page.getByRole('button', { name: 'User menu' }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toContainText(role.replaceAll('_', ' '));
      for (const entry of userMenu(role)) {
        const labels = 'items' in entry ? entry.items.map((item) => item.label) : [entry.label];
        for (const label of labels)
          await expect(menu.getByText(label, { exact: true }).first()).toBeVisible();
      }
      await expect(menu.getByText('Logout', { exact: true })).toBeVisible();
    });
  }
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
