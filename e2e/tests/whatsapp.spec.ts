import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

/** The page does not scroll sideways on a 360 px phone. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe.serial('WhatsApp on a phone', () => {
  test('the admin sets up the WhatsApp integration; the token never shows again', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.admin, undefined, '/settings');
    const card = page.getByRole('region', { name: 'WhatsApp Integration' });
    await card.getByLabel('Phone Number ID').fill('109876543210');
    await card.getByLabel('Access Token').fill('EAAG-e2e-access-token-9876');
    await card.getByLabel('App Secret').fill('e2e-app-secret');
    await card.getByRole('button', { name: 'Save WhatsApp Settings' }).click();
    await expect(page.getByText('WhatsApp integration saved')).toBeVisible();
    await expect(card.getByText('Saved. Leave this blank to keep it.')).toHaveCount(2);
    await expect(card.getByLabel('Access Token')).toHaveValue('');
    await expect(page.locator('body')).not.toContainText('EAAG-e2e-access-token-9876');
    await expectNoSidewaysScroll(page);
  });

  test('a vendor asks for a code on their WhatsApp number and is asked to enter it', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.vendor, undefined, '/settings');
    const card = page.getByRole('region', { name: 'WhatsApp', exact: true });
    await card.getByLabel('WhatsApp number').fill('0803 555 0101');
    await card.getByRole('button', { name: 'Send code' }).click();
    await expect(card.getByLabel('Code sent to +234 803 555 0101')).toBeVisible();
    await card.getByLabel('Code sent to +234 803 555 0101').fill('000000');
    await card.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Could not verify the number')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
