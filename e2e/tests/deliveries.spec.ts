import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { issuedPurchaseOrder, type IssuedOrder } from './purchase-order-support.ts';
import { authOf, DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

/**
 * The store keeper opens the order from the list of orders. Its page is awaited by address: the list
 * shows a status badge of every order until then.
 */
async function openFromList(page: Page, order: IssuedOrder) {
  await signIn(page, DEMO_ACCOUNTS.store_keeper, undefined, '/purchase-orders');
  await page.getByRole('link', { name: new RegExp(order.poNumber) }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/${order.id}$`));
}

test('the store keeper receives an order partly, then in full, on a phone: the order is received and the stock went up', async ({
  page,
}) => {
  const cement = `Cement 42.5R ${Date.now().toString(36)}`;
  const order = await issuedPurchaseOrder(
    page.request,
    [
      { name: cement, quantity: 100, unit: 'bags' },
      { name: 'Sharp sand', quantity: 3, unit: 'trips' },
    ],
    [5000, 80_000],
  );
  await openFromList(page, order);
  await expect(page.getByTestId('po-status')).toHaveText('Issued');

  // First delivery: 60 bags, 2 more turned back torn; the sand has not come.
  await page.getByRole('button', { name: 'Record Delivery' }).click();
  const form = page.getByRole('form', { name: 'Record Delivery' });
  await form.getByLabel('Received').first().fill('60');
  await form.getByLabel('Rejected').first().fill('2');
  await form.getByLabel('Reason for rejection').first().fill('Torn bags');
  await form.getByLabel('Waybill / delivery note number').fill('WB-1001');
  await form.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(page.getByTestId('po-status')).toHaveText('Partially Received');
  const deliveries = page.getByRole('list', { name: 'Deliveries' });
  await expect(deliveries).toContainText('Waybill WB-1001');
  await expect(deliveries).toContainText('2 rejected (Torn bags)');

  // The rest: 40 bags and the 3 trips of sand.
  await page.getByRole('button', { name: 'Record Delivery' }).click();
  await form.getByLabel('Received').nth(0).fill('40');
  await form.getByLabel('Received').nth(1).fill('3');
  await form.getByLabel('Waybill / delivery note number').fill('WB-1002');
  await form.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(page.getByTestId('po-status')).toHaveText('Received');
  await expect(page.getByRole('button', { name: 'Record Delivery' })).toHaveCount(0);
  await expect(deliveries.getByRole('listitem').filter({ hasText: 'Waybill' })).toHaveCount(2);

  // The cement was new to the stores: its item holds the 100 bags received, seen on the Inventory screen.
  const keeper = await authOf(page.request, DEMO_ACCOUNTS.store_keeper);
  const found = await page.request.get('/api/inventory', { headers: keeper, params: { search: cement } });
  const { items } = (await found.json()) as {
    items: Array<{ name: string; quantity: number; unit: string }>;
  };
  expect(items).toEqual([expect.objectContaining({ name: cement, quantity: 100, unit: 'bags' })]);
  await page.goto(`/inventory?search=${encodeURIComponent(cement)}`);
  await expect(page.getByText(cement)).toBeVisible();

  // The vendor sees what was received and rejected on their order.
  const vendorPage = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 360, height: 740 } });
  await signIn(vendorPage, DEMO_ACCOUNTS.vendor, undefined, `/purchase-orders/${order.id}`);
  await expect(vendorPage.getByTestId('po-status')).toHaveText('Received');
  await expect(vendorPage.getByRole('list', { name: 'Deliveries' })).toContainText('2 rejected (Torn bags)');
  await expect(vendorPage.getByRole('button', { name: 'Record Delivery' })).toHaveCount(0);
  await vendorPage.close();
});

test('a delivery recorded without a network waits in the outbox, then reaches the order once with its photo', async ({
  page,
  context,
}) => {
  const order = await issuedPurchaseOrder(
    page.request,
    [{ name: `Blocks 9 inch ${Date.now().toString(36)}`, quantity: 500, unit: 'pieces' }],
    [450],
  );
  await openFromList(page, order);
  await expect(page.getByTestId('po-status')).toHaveText('Issued');

  // At the gate, no signal: the delivery and a photo of its note are kept on the phone.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Record Delivery' }).click();
  const form = page.getByRole('form', { name: 'Record Delivery' });
  await form.getByLabel('Received').first().fill('300');
  await form.getByLabel('Waybill / delivery note number').fill('WB-OFF-1');
  const note = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e2e8f0' } })
    .jpeg()
    .toBuffer();
  await form
    .getByLabel('Photos of the delivery note')
    .setInputFiles({ name: 'waybill.jpg', mimeType: 'image/jpeg', buffer: note });
  await form.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(page.getByText(OUTBOX_MESSAGES.queued).first()).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  // Back online: it is sent once, and the order shows it.
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 20_000 });
  const keeper = await authOf(page.request, DEMO_ACCOUNTS.store_keeper);
  const listed = await page.request.get(`/api/purchase-orders/${order.id}/deliveries`, { headers: keeper });
  const { deliveries } = (await listed.json()) as {
    deliveries: Array<{ waybillNumber: string; files: unknown[] }>;
  };
  expect(deliveries).toEqual([expect.objectContaining({ waybillNumber: 'WB-OFF-1' })]);
  expect(deliveries[0]!.files).toHaveLength(1);
  await page.reload();
  await expect(page.getByTestId('po-status')).toHaveText('Partially Received');
});
