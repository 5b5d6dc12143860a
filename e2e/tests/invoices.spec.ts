import { formatNaira } from '@trowel/shared/money/format.ts';
import type { Page } from '@playwright/test';
import { issuedPurchaseOrder } from './purchase-order-support.ts';
import { authOf, DEMO_ACCOUNTS, signIn } from './support.ts';

import { expect, test } from './fixtures.ts';

async function pageAs(page: Page, email: string, path: string, viewport = { width: 1280, height: 900 }) {
  const other = await page.context().browser()!.newPage({ viewport });
  await signIn(other, email, undefined, path);
  return other;
}

test('an invoice priced above the agreed one is disputed, approved by the admin with a reason, paid, and the order closes', async ({
  page,
}) => {
  // An order bought, delivered, invoiced, approved and paid, through three people: a minute on slower machines.
  test.setTimeout(120_000);
  const accounts = await authOf(page.request, DEMO_ACCOUNTS.accountant);
  const projects = await page.request.get('/api/projects', { headers: accounts, params: { limit: 1 } });
  const project = ((await projects.json()) as { projects: Array<{ id: string }> }).projects[0]!;
  const order = await issuedPurchaseOrder(
    page.request,
    [{ name: `Blocks 9 inch ${Date.now().toString(36)}`, quantity: 10, unit: 'pieces' }],
    [5000],
    project.id,
  );
  // The stores received all ten.
  const keeper = await authOf(page.request, DEMO_ACCOUNTS.store_keeper);
  const delivered = await page.request.post(`/api/purchase-orders/${order.id}/deliveries`, {
    headers: keeper,
    data: {
      items: [{ itemId: order.items[0]!.itemId, quantityReceived: 10 }],
      waybillNumber: 'WB-9',
      deliveredOn: '2026-11-20',
    },
  });
  expect(delivered.status()).toBe(201);
  const costsBefore = await page.request.get(`/api/projects/${project.id}/costs`, { headers: accounts });
  const beforeAnswer = (await costsBefore.json()) as {
    costs: { actual: number; byCategory: Array<{ category: string; paid: number }> };
  };
  const before = {
    actual: beforeAnswer.costs.actual,
    materials: beforeAnswer.costs.byCategory.find((row) => row.category === 'Materials') ?? { paid: 0 },
  };

  // The accountant records the vendor's invoice at ₦5,500 a piece, on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, DEMO_ACCOUNTS.accountant, undefined, `/purchase-orders/${order.id}`);
  await expect(page.getByTestId('po-status')).toHaveText('Received');
  await page.getByRole('button', { name: 'Record Invoice' }).click();
  const form = page.getByRole('form', { name: 'Record Invoice' });
  const invoiceNumber = `INV-${Date.now().toString(36)}`;
  await form.getByLabel('Invoice number').fill(invoiceNumber);
  await form.getByLabel('Unit price (₦)').fill('5500');
  await form.getByLabel(/VAT charged/).check();
  await expect(form.getByText('₦59,125.00')).toBeVisible();
  await form.getByRole('button', { name: 'Save Invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]+$/);
  const invoiceUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('invoice-status')).toHaveText('Disputed');
  await expect(page.getByTestId('invoice-differences')).toContainText('₦5,000.00 was agreed');
  // The accountant may not approve a disputed invoice.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The administrator approves it with a reason.
  const admin = await pageAs(page, DEMO_ACCOUNTS.admin, invoiceUrl);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(
    admin.getByText('Approving an invoice that does not match needs a reason.').first(),
  ).toBeVisible();
  await admin.getByLabel('Reason').fill('Block prices rose; agreed with the vendor');
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByTestId('invoice-status')).toHaveText('Approved');
  await admin.close();

  // The accountant pays it in full; the order closes.
  await page.reload();
  await expect(page.getByTestId('invoice-status')).toHaveText('Approved');
  const payment = page.getByRole('form', { name: 'Record Payment' });
  await expect(payment.getByLabel('Amount (₦)')).toHaveValue('59125');
  await payment.getByLabel('Reference').fill('TRF-0042');
  await payment.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-outstanding')).toHaveText('₦0.00');
  await page.getByRole('link', { name: order.poNumber }).click();
  await expect(page.getByTestId('po-status')).toHaveText('Closed');

  // The project's costs count the payment (what was paid before it, plus ₦59,125), on the phone.
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('link', { name: 'Costs' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/costs$`));
  const figure = (list: string, label: string) =>
    page
      .getByRole('list', { name: list })
      .getByText(label, { exact: true })
      .locator('xpath=following-sibling::*[1]');
  await expect(figure('Cost figures', 'Actual')).toHaveText(formatNaira(before.actual + 59_125));
  const materials = page.getByRole('list', { name: 'Costs by category' }).getByRole('listitem').filter({
    hasText: 'Materials',
  });
  await expect(
    materials.getByText('Paid', { exact: true }).locator('xpath=following-sibling::*[1]'),
  ).toHaveText(formatNaira(before.materials.paid + 59_125));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The vendor follows their invoice in their portal; the payment shows.
  const vendor = await pageAs(page, DEMO_ACCOUNTS.vendor, '/invoices', { width: 360, height: 740 });
  await vendor.getByRole('link', { name: new RegExp(invoiceNumber) }).click();
  await expect(vendor.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(vendor.getByRole('list', { name: 'Payments' })).toContainText('TRF-0042');
  await expect(vendor.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await vendor.close();
});
