import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const PHONE = { width: 360, height: 780 };
const VENDOR_PASSWORD = 'vendor-pass-1';
const pdf = {
  name: 'bill-of-quantities.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
};

/** Adds a vendor through the vendor form, as the signed-in QS. */
async function addVendor(page: Page, name: string, email: string) {
  await page.goto('/procurement/vendors');
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  const form = page.getByRole('form', { name: 'Vendor form' });
  await form.getByLabel('Company Name').fill(name);
  await form.getByLabel('Contact Person').fill(`${name} Contact`);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone Number').fill('0803 123 4567');
  await form.getByLabel('Category').selectOption('Construction Materials');
  await form.getByLabel('State').selectOption('Lagos');
  await form.getByLabel('Password').fill(VENDOR_PASSWORD);
  await form.getByRole('button', { name: 'Add Vendor' }).click();
  await expect(form).toBeHidden();
}

/** A vendor signs in (in a browser of their own, at the size given), opens the RFQ and quotes. */
async function vendorQuotes(
  browser: Browser,
  email: string,
  title: string,
  prices: [string, string],
  viewport = PHONE,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email, VENDOR_PASSWORD);
  await page.goto('/rfqs');
  await expect(page.getByRole('heading', { name: 'My RFQs', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Action Required' }).click();
  const card = page.getByTestId('vendor-rfq-card').filter({ hasText: title });
  await expect(card).toContainText('Action Required');
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'bill-of-quantities.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Quote' }).click();
  await page.getByRole('button', { name: 'Submit Response' }).click();
  await expect(page.getByText('Please provide unit prices for all items.')).toBeVisible();
  await page.getByLabel('Unit price of Cement 50 kg').fill(prices[0]);
  await page.getByLabel('Unit price of Sharp sand').fill(prices[1]);
  await page.getByRole('button', { name: 'Submit Response' }).click();
  await expect(page.getByText('Your quotation has been submitted successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Quote' })).toBeVisible();
  return { page, context };
}

test('the QS sends an RFQ to two vendors, both quote, and the comparison marks the lower quote', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const first = { name: `Okafor Cement ${stamp}`, email: `okafor-${stamp}@vendors.ng` };
  const second = { name: `Bello Sands ${stamp}`, email: `bello-${stamp}@vendors.ng` };
  const title = `Slab materials ${stamp}`;

  await signIn(page, DEMO_ACCOUNTS.quantity_surveyor);
  await addVendor(page, first.name, first.email);
  await addVendor(page, second.name, second.email);
  await page.getByLabel('Search').fill(String(stamp));
  await expect(page.getByTestId('vendor-card')).toHaveCount(2);

  await page.goto('/procurement/rfqs');
  await page.getByRole('button', { name: 'Create RFQ' }).click();
  const form = page.getByRole('form', { name: 'Create RFQ' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('Delivered to site, Lekki.');
  const project = form.getByLabel('Project');
  await expect(project.locator('option')).not.toHaveCount(1);
  await project.selectOption({ index: 1 });
  await form.getByLabel('Item 1 name').fill('Cement 50 kg');
  await form.getByLabel('Item 1 quantity').fill('100');
  await form.getByLabel('Item 1 unit').fill('bags');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await form.getByLabel('Item 2 name').fill('Sharp sand');
  await form.getByLabel('Item 2 quantity').fill('3');
  await form.getByLabel('Item 2 unit').fill('trips');
  await form.getByLabel(first.name).check();
  await form.getByLabel(second.name).check();
  await form.getByLabel('Attach files').setInputFiles(pdf);
  await form.getByRole('button', { name: 'Create RFQ' }).click();

  await expect(page).toHaveURL(/\/procurement\/rfqs\/[0-9a-f-]+$/);
  const rfqUrl = page.url();
  // The list may still be on screen for a moment after the address changed: wait for the RFQ itself.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Pending QS Review')).toBeVisible();
  await page.getByRole('button', { name: 'Send to Vendors' }).click();
  await page.getByRole('button', { name: 'Confirm Send to Vendors' }).click();
  await expect(page.getByText('Pending Vendor Response')).toBeVisible();

  // 100 × 5,000 + 3 × 60,000 = 680,000; 100 × 4,800 + 3 × 70,000 = 690,000
  const firstVendor = await vendorQuotes(browser, first.email, title, ['5000', '60000']);
  const secondVendor = await vendorQuotes(browser, second.email, title, ['4800', '70000'], {
    width: 1280,
    height: 800,
  });

  // The second vendor sees only their own prices, never the first vendor's.
  await secondVendor.page.reload();
  await expect(secondVendor.page.getByText('₦690,000.00').first()).toBeVisible();
  await expect(secondVendor.page.getByText('₦680,000.00')).toHaveCount(0);
  await expect(secondVendor.page.getByText(first.name)).toHaveCount(0);
  await expect(secondVendor.page.getByText('₦5,000.00')).toHaveCount(0);
  await firstVendor.context.close();
  await secondVendor.context.close();

  await page.goto(rfqUrl);
  const table = page.getByRole('table', { name: 'Quote comparison' });
  await expect(table).toBeVisible();
  const totals = table.getByTestId('comparison-total');
  await expect(totals.first()).toContainText('₦680,000.00');
  await expect(totals.first()).toContainText('Lowest');
  await expect(totals.nth(1)).toContainText('+₦10,000.00 (+1.5%)');
  await expect(table.locator('td[data-lowest]').filter({ hasText: '₦4,800.00' })).toHaveCount(1);
  await expect(table.locator('td[data-lowest]').filter({ hasText: '₦60,000.00' })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^rfq-\d+-comparison\.csv$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the vendor form refuses bad input with the spec’s texts under Validation Error', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.admin);
    await page.goto('/procurement/vendors');
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    const form = page.getByRole('form', { name: 'Vendor form' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Phone Number').fill('0603 123 4567');
    await form.getByRole('button', { name: 'Add Vendor' }).click();
    await expect(page.getByText('Validation Error')).toBeVisible();
    await expect(
      page.getByText(
        'Company name is required, Contact person is required, Please enter a valid email address, Please enter a valid Nigerian phone number',
      ),
    ).toBeVisible();
    await expect(form).toBeVisible();
  });

  test('a vendor sees their dashboard and profile, and other roles are denied procurement', async ({
    page,
  }) => {
    await signIn(page, DEMO_ACCOUNTS.vendor);
    await expect(page.getByRole('region', { name: 'Recent RFQs' })).toBeVisible();
    await expect(page.getByTestId('vendor-rfq-card').first()).toBeVisible();
    await page.goto('/vendor/profile');
    await expect(page.getByText('Obi Building Materials Ltd').first()).toBeVisible();
    await page.goto('/procurement/rfqs');
    await expect(page.getByText('Access Denied').first()).toBeVisible();
  });
});
