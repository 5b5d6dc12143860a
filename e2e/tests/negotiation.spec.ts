import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { authOf, DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const VENDOR_2 = 'vendor2@trowel.test';
const PHONE = { width: 360, height: 740 };

async function vendorIdOf(request: APIRequestContext, auth: Record<string, string>, email: string) {
  const response = await request.get('/api/vendors', { headers: auth, params: { search: email, limit: 5 } });
  const { vendors } = (await response.json()) as { vendors: Array<{ id: string; email: string }> };
  return vendors.find((vendor) => vendor.email === email)!.id;
}

/**
 * An RFQ for cement (100 bags) and sand (3 trips), sent to both demo vendors, quoted by both:
 * the first at ₦5,000 and ₦80,000, the second a little dearer. Made through the API.
 */
async function quotedRfq(request: APIRequestContext) {
  const qs = await authOf(request, DEMO_ACCOUNTS.quantity_surveyor);
  const vendorIds = [
    await vendorIdOf(request, qs, DEMO_ACCOUNTS.vendor),
    await vendorIdOf(request, qs, VENDOR_2),
  ];
  const title = `Slab materials ${Date.now().toString(36)}`;
  const created = await request.post('/api/rfqs', {
    headers: qs,
    multipart: {
      title,
      description: 'Delivered to site',
      items: JSON.stringify([
        { name: 'Cement 50 kg', quantity: 100, unit: 'bags' },
        { name: 'Sharp sand', quantity: 3, unit: 'trips' },
      ]),
      vendorIds: JSON.stringify(vendorIds),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { rfq } = (await created.json()) as { rfq: { id: string; items: Array<{ id: string }> } };
  const sent = await request.put(`/api/rfqs/${rfq.id}/status`, {
    headers: qs,
    data: { status: 'pending_vendor_response', notes: 'Please quote' },
  });
  expect(sent.ok()).toBeTruthy();
  for (const [email, prices] of [
    [DEMO_ACCOUNTS.vendor, [5000, 80_000]],
    [VENDOR_2, [5200, 82_000]],
  ] as const) {
    const vendor = await authOf(request, email);
    const quoted = await request.post(`/api/rfqs/${rfq.id}/responses`, {
      headers: vendor,
      data: {
        items: JSON.stringify(
          rfq.items.map((item, index) => ({ itemId: item.id, unitPrice: prices[index] })),
        ),
        notes: 'Delivery in 3 days',
      },
    });
    expect(quoted.status(), await quoted.text()).toBe(201);
  }
  return { id: rfq.id, title, qs, vendorIds };
}

async function signedIn(browser: Browser, email: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The elements show `texts`, each inside the phone's width: read without a sideways swipe. */
async function expectWithinWidth(elements: Locator, width: number, texts: string[]) {
  await expect(elements).toHaveText(texts);
  for (let index = 0; index < texts.length; index++) {
    const box = (await elements.nth(index).boundingBox())!;
    expect(box.x, texts[index]).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, texts[index]).toBeLessThanOrEqual(width);
  }
}

async function setPrice(page: Page, label: string, value: string) {
  const field = page.getByLabel(label);
  await field.fill(value);
}

test.describe('price negotiation to purchase order', () => {
  test('the QS negotiates, the vendor counters, the QS counters back, the vendor accepts; final terms, approval and the order at the agreed prices', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const rfq = await quotedRfq(request);
    const qs = await signedIn(browser, DEMO_ACCOUNTS.quantity_surveyor);
    const vendor = await signedIn(browser, DEMO_ACCOUNTS.vendor, PHONE);

    // The QS offers a lower cement price.
    await qs.goto(`/procurement/rfqs/${rfq.id}`);
    const thread = qs.getByRole('region', { name: /Negotiations with/ }).first();
    await thread.getByRole('link', { name: 'Negotiate' }).click();
    await expect(qs.getByRole('heading', { name: 'Negotiate with Vendor' })).toBeVisible();
    await setPrice(qs, 'Negotiated unit price for Cement 50 kg', '4500');
    await expect(qs.getByTestId('negotiated-total')).toHaveText('₦690,000.00');
    await qs.getByLabel(/Negotiation terms/).fill('We order every month');
    await qs.getByRole('button', { name: 'Send Negotiation' }).click();
    await expect(qs.getByText('Negotiation sent to vendor successfully.')).toBeVisible();
    await expect(qs).toHaveURL(new RegExp(`/procurement/rfqs/${rfq.id}$`));
    // Staff read the offer in their own words; 'Pending Your Response' is the vendor's.
    await expect(thread.getByText('Awaiting Vendor')).toBeVisible();
    await expect(qs.getByText('Pending Your Response')).toHaveCount(0);

    // The vendor counters on a phone.
    await vendor.goto(`/rfqs/${rfq.id}`);
    const card = vendor.getByRole('article', { name: /Negotiation #/ }).first();
    await expect(card.getByText('Pending Your Response')).toBeVisible();
    await card.getByRole('link', { name: 'Counter Offer' }).click();
    await expect(vendor.getByRole('heading', { name: 'Submit Counter Offer' })).toBeVisible();
    await setPrice(vendor, 'Counter price for Cement 50 kg', '4800');
    await vendor.getByLabel('Counter Offer Notes').fill('Cement prices went up');
    await vendor.getByRole('button', { name: 'Submit Counter Offer' }).click();
    await expect(vendor.getByText('Counter offer submitted successfully.')).toBeVisible();
    await expect(vendor).toHaveURL(new RegExp(`/rfqs/${rfq.id}$`));

    // The QS answers with a counter negotiation, starting from the vendor's prices.
    await qs.reload();
    await qs.getByRole('link', { name: 'Counter Negotiate' }).click();
    await expect(qs.getByRole('heading', { name: 'Counter Negotiate with Vendor' })).toBeVisible();
    await expect(qs.getByText('Counter Offer', { exact: true })).toBeVisible();
    await expect(qs.getByLabel('Negotiated unit price for Cement 50 kg')).toHaveValue('4800');
    await setPrice(qs, 'Negotiated unit price for Cement 50 kg', '4700');
    await qs.getByLabel(/Negotiation terms/).fill('Meet us in the middle');
    await qs.getByRole('button', { name: 'Send Counter Negotiation' }).click();
    await expect(qs.getByText('Counter negotiation sent successfully.')).toBeVisible();

    // The vendor accepts, once the amount is confirmed: 100 × ₦4,700 + 3 × ₦80,000.
    await vendor.reload();
    await vendor.getByRole('button', { name: 'Accept Negotiation' }).click();
    await expect(vendor.getByRole('alertdialog', { name: /Accept negotiation #/ })).toContainText(
      '₦710,000.00 in total',
    );
    await vendor.getByRole('button', { name: 'Accept ₦710,000.00' }).click();
    await expect(vendor.getByText('Negotiation accepted successfully.')).toBeVisible();
    await expect(
      vendor.getByText('You have accepted this negotiation. Waiting for final approval.'),
    ).toBeVisible();

    // The QS approves the final terms; the earlier round's items load when asked for.
    await qs.reload();
    await qs.getByRole('button', { name: 'Show 2 items' }).click();
    await expect(qs.getByText('Counter: ₦4,800.00 (total ₦480,000.00)')).toBeVisible();
    await qs.getByRole('button', { name: 'Approve Final Terms' }).click();
    await expect(qs.getByRole('alertdialog', { name: 'Approve final terms?' })).toContainText(
      '₦710,000.00 in total',
    );
    await qs.getByRole('button', { name: 'Approve ₦710,000.00' }).click();
    await expect(qs.getByText('Final terms approved and sent for admin approval.')).toBeVisible();
    const admin = await signedIn(browser, DEMO_ACCOUNTS.admin);
    await admin.goto(`/procurement/rfqs/${rfq.id}`);
    await admin.getByRole('button', { name: 'Select & Approve' }).click();
    await admin.getByRole('button', { name: 'Confirm Select & Approve' }).click();
    await admin.getByRole('link', { name: 'View Purchase Order' }).click();
    await expect(admin.getByTestId('po-number')).toHaveText(/^PO-\d{6}$/);
    const cement = admin.getByRole('row', { name: /Cement 50 kg/ });
    await expect(cement).toContainText('₦4,700.00');
    await expect(cement).toContainText('₦470,000.00');
    await expect(admin.getByRole('row', { name: /Sharp sand/ })).toContainText('₦80,000.00');
    await expect(admin.getByTestId('po-total')).toHaveText('₦710,000.00');

    // The vendor awarded is told so, no longer waits for approval, and reads the order on the phone
    // with every total in view.
    await vendor.reload();
    const award = vendor.getByRole('region', { name: 'Awarded to you' });
    await expect(award).toContainText('₦710,000.00');
    await expect(vendor.getByText('Selected - Congratulations!')).toBeVisible();
    await expect(vendor.getByText(/Waiting for final approval/)).toHaveCount(0);
    await expect(
      vendor.getByText('You have accepted this negotiation. The RFQ was awarded to you at these prices.'),
    ).toBeVisible();
    await award.getByRole('link', { name: 'View Purchase Order' }).click();
    await expect(vendor.getByTestId('po-total')).toHaveText('₦710,000.00');
    await expectWithinWidth(vendor.getByTestId('po-item-total'), PHONE.width, ['₦470,000.00', '₦240,000.00']);
    await expectWithinWidth(vendor.getByTestId('po-total'), PHONE.width, ['₦710,000.00']);

    // The other vendor, who quoted too, is not told 'Approved'.
    const other = await signedIn(browser, VENDOR_2, PHONE);
    await other.goto(`/rfqs/${rfq.id}`);
    await expect(other.getByRole('region', { name: 'Not selected' })).toBeVisible();
    await expect(other.getByText('Approved', { exact: true })).toHaveCount(0);
    await other.goto('/rfqs');
    const listed = other.getByTestId('vendor-rfq-card').filter({ hasText: rfq.title });
    await expect(listed).toContainText('Not selected');
  });
});

test.describe('vendor links', () => {
  test('a vendor opens a link in a fresh browser and lands on the RFQ signed in; a replaced link shows Link Expired', async ({
    browser,
    request,
  }) => {
    const rfq = await quotedRfq(request);
    const generate = async () => {
      const response = await request.post('/api/auto-login/generate', {
        headers: rfq.qs,
        data: { vendorId: rfq.vendorIds[0], rfqId: rfq.id },
      });
      expect(response.ok()).toBeTruthy();
      const { link } = (await response.json()) as { link: string };
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    };
    const replaced = await generate();
    const current = await generate();

    const fresh = await browser.newContext({ viewport: PHONE });
    const page = await fresh.newPage();
    await page.goto(current);
    await expect(page).toHaveURL(new RegExp(`/rfqs/${rfq.id}$`));
    await expect(page.getByRole('heading', { name: rfq.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

    // The link that worked says, a second time, that it was used.
    const again = await (await browser.newContext({ viewport: PHONE })).newPage();
    await again.goto(current);
    await expect(again.getByRole('heading', { name: 'Link Already Used' })).toBeVisible();
    await expect(again.getByRole('link', { name: 'Manual Login' })).toBeVisible();

    const other = await browser.newContext({ viewport: PHONE });
    const second = await other.newPage();
    await second.goto(replaced);
    await expect(second.getByRole('heading', { name: 'Link Expired' })).toBeVisible();
    await expect(
      second.getByText('This auto-login link is invalid or has been revoked. Please log in manually.'),
    ).toBeVisible();
    await expect(second.getByRole('link', { name: 'Manual Login' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await second.goto('/auth/auto-login');
    await expect(second.getByText('Invalid auto-login link. No token provided.')).toBeVisible();
  });

  test('Send link via WhatsApp opens the chat with the vendor’s phone and the link', async ({
    browser,
    request,
  }) => {
    const rfq = await quotedRfq(request);
    const qs = await signedIn(browser, DEMO_ACCOUNTS.quantity_surveyor);
    // wa.me is not ours: the new tab's address is what matters.
    await qs.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    await qs.goto(`/procurement/rfqs/${rfq.id}`);
    const [chat] = await Promise.all([
      qs.waitForEvent('popup'),
      qs.getByRole('button', { name: 'Send link via WhatsApp' }).first().click(),
    ]);
    await chat.waitForURL(/^https:\/\/wa\.me\/234\d{10}\?text=/);
    const message = decodeURIComponent(new URL(chat.url()).searchParams.get('text') ?? '');
    expect(message).toContain(rfq.title);
    expect(message).toMatch(/\/auth\/auto-login\?token=al_/);
  });
});
