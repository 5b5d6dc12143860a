import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { adminToken, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn } from './support.ts';
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
  await signIn(page, email, VENDOR_PASSWORD, '/rfqs');
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

/** Each of the elements is on screen without a sideways swipe: inside the phone's width. */
async function expectWithinWidth(elements: Locator, width: number) {
  const count = await elements.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const element = elements.nth(index);
    await expect(element).toBeVisible();
    const box = (await element.boundingBox())!;
    expect(box.x, await element.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await element.innerText()).toBeLessThanOrEqual(width);
  }
}

/**
 * Two vendors with long names (made through the API), an RFQ sent to both and quoted by both, the
 * dearer at ₦1,450,000,000.00: the widest figures a phone has to show.
 */
async function quotedThroughApi(request: APIRequestContext) {
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const stamp = Date.now().toString(36);
  const vendors = [];
  for (const [index, name] of [
    'Chukwuemeka Okonkwo-Adebayo Building Materials and General Contractors Nigeria Limited',
    'Sani Electricals',
  ].entries()) {
    const email = `wide-${stamp}-${index}@vendors.ng`;
    const made = await request.post('/api/vendors', {
      headers: auth,
      data: {
        name: `${name} ${stamp}`,
        contactPerson: 'Contact Person',
        email,
        phone: '0803 123 4567',
        password: VENDOR_PASSWORD,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    vendors.push({ id: ((await made.json()) as { vendor: { id: string } }).vendor.id, email });
  }
  const created = await request.post('/api/rfqs', {
    headers: auth,
    multipart: {
      title: `Tower block ${stamp}`,
      description: 'Phase 2',
      items: JSON.stringify([
        { name: 'Cement 50 kg', quantity: 10_000, unit: 'bags' },
        { name: 'Sharp sand', quantity: 3, unit: 'trips' },
      ]),
      vendorIds: JSON.stringify(vendors.map((vendor) => vendor.id)),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { rfq } = (await created.json()) as { rfq: { id: string; items: Array<{ id: string }> } };
  const sent = await request.put(`/api/rfqs/${rfq.id}/status`, {
    headers: auth,
    data: { status: 'pending_vendor_response' },
  });
  expect(sent.ok()).toBeTruthy();
  for (const [index, vendor] of vendors.entries()) {
    const login = await request.post('/api/auth/login', {
      data: { email: vendor.email, password: VENDOR_PASSWORD },
    });
    const { token } = (await login.json()) as { token: string };
    const prices = index === 0 ? [145_000, 80_000] : [140_000, 82_000];
    const quoted = await request.post(`/api/rfqs/${rfq.id}/responses`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        items: JSON.stringify(rfq.items.map((item, line) => ({ itemId: item.id, unitPrice: prices[line] }))),
      },
    });
    expect(quoted.status(), await quoted.text()).toBe(201);
  }
  return rfq.id;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the QS reads the quote comparison on a phone: every total in view, nothing to swipe', async ({
    page,
    request,
  }) => {
    const rfqId = await quotedThroughApi(request);
    await signIn(page, DEMO_ACCOUNTS.quantity_surveyor, DEMO_PASSWORD, `/procurement/rfqs/${rfqId}`);
    const cards = page.getByTestId('comparison-cards');
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table', { name: 'Quote comparison' })).toBeHidden();
    const totals = cards.getByTestId('comparison-card-total');
    await expect(totals).toHaveCount(2);
    await expect(totals.first()).toContainText('₦1,400,246,000.00');
    await expect(totals.first()).toContainText('Lowest');
    await expect(totals.nth(1)).toContainText('₦1,450,240,000.00');
    await expectWithinWidth(totals, PHONE.width);
    const items = cards.getByRole('region', { name: 'Prices by item' });
    await expect(items.locator('[data-lowest]')).toHaveCount(2);
    await expect(items).toContainText('₦1,450,000,000.00');
    await expectWithinWidth(items.locator('li li > span.shrink-0'), PHONE.width);
    // The bottom navigation stays on screen and can be used.
    await page
      .getByRole('navigation', { name: 'Bottom navigation' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the vendor form refuses bad input with the spec’s texts under Validation Error', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.admin, undefined, '/procurement/vendors');
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
