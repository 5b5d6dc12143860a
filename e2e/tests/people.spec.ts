import type { Page } from '@playwright/test';
import { createStaff, DEMO_ACCOUNTS, signInThroughForm } from './support.ts';
import { expect, test } from './fixtures.ts';

async function changePassword(page: Page, current: string, next: string, confirmation: string) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: /security/i }).click();
  await page.getByLabel('Current Password').fill(current);
  await page.getByLabel('New Password', { exact: true }).fill(next);
  await page.getByLabel(/Confirm/).fill(confirmation);
  await page.getByRole('button', { name: /change password|update password/i }).click();
}

test('an admin creates a staff member who then signs in', async ({ page, browser }) => {
  await signInThroughForm(page, DEMO_ACCOUNTS.admin);
  await page.goto('/admin/staff/new');
  const email = `adaeze-${Date.now()}@trowel.test`;
  await page.getByLabel('Name').fill('Adaeze Umeh');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-pass-1');
  await page
    .getByLabel('Role')
    .selectOption('project_lead')
    .catch(async () => {
      await page.getByLabel('Role').click();
      await page.getByRole('option', { name: 'Project Lead' }).click();
    });
  await page.getByLabel('Phone').fill('+234 803 555 0101');
  await page.getByRole('button', { name: /save|create|add/i }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await page.getByLabel('Search').fill('Adaeze');
  await expect(page.getByText(email)).toBeVisible();

  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await signInThroughForm(newcomer, email, 'first-pass-1');
  await newcomer.getByRole('button', { name: 'User menu' }).click();
  await expect(newcomer.getByRole('menu')).toContainText('project lead');
  await context.close();
});

test('a user changes their password and signs in with the new one', async ({ page, request }) => {
  const { email, password } = await createStaff(request);
  await signInThroughForm(page, email, password);
  await changePassword(page, password, 'changed-pass-9', 'changed-pass-9');
  await expect(page.getByText(/password (changed|updated)/i).first()).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInThroughForm(page, email, 'changed-pass-9');
});

test('a mismatched confirmation is refused before anything is sent', async ({ page, request }) => {
  const { email, password } = await createStaff(request);
  await signInThroughForm(page, email, password);
  await changePassword(page, password, 'changed-pass-9', 'changed-pass-0');
  await expect(page.getByText('Password Mismatch').first()).toBeVisible();
});
