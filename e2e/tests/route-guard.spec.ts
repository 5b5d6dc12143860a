import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

test('a visitor is sent to login with redirectTo and comes back after signing in', async ({ page }) => {
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fstaff$/);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('a wrong role sees Access Denied', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/admin/staff');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test('vendors have no project screens, and only clients and administrators the testimonials', async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNTS.vendor);
  for (const path of ['/projects', '/daily-log', '/media', '/reports', '/testimonials']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' }), path).toBeVisible();
  }
  await signIn(page, DEMO_ACCOUNTS.accountant, undefined, '/testimonials');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('a wrong password shows the Login Error alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.accountant);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Login Error' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Invalid email or password');
});

test('a signed-in user opening /login goes back to the app', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.architect, undefined, '/login');
  await expect(page).toHaveURL(/\/$/);
});

test('vendors opening /profile land on /vendor/profile', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.vendor, undefined, '/profile');
  await expect(page).toHaveURL(/\/vendor\/profile$/);
});

test('logout ends the session', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.store_keeper);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});
