import type { Browser, Page } from '@playwright/test';
import { authOf, DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const PHONE = { width: 360, height: 780 };
const CEMENT = 'Dangote Cement 42.5R (50 kg)';
const PROJECT = 'Lekki Pearl Apartments';

/** A page signed in as someone else, in a browser context of its own. */
async function asPerson(browser: Browser, email: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const requestCard = (page: Page, text: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();

test('the engineer asks for cement and rebar, the lead approves, the store partially delivers', async ({
  page,
  browser,
}) => {
  const note = `Ground floor slab ${Date.now()}`;
  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/material-requests');
  await page.getByRole('button', { name: 'New Request' }).click();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Incomplete Request').first()).toBeVisible();
  await page.getByLabel('Project').first().selectOption({ label: PROJECT });
  await page.getByLabel('Item 1 name').fill('Cement (50 kg bags)');
  await page.getByLabel('Item 1 quantity').fill('40');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByLabel('Item 2 name').fill('Rebar 12 mm');
  await page.getByLabel('Item 2 quantity').fill('20');
  await page.getByLabel('Notes').fill(note);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Material request submitted').first()).toBeVisible();
  const mine = requestCard(page, note);
  await expect(mine.getByText('Pending Lead Approval')).toBeVisible();

  const lead = await asPerson(browser, DEMO_ACCOUNTS.project_lead);
  await lead.goto('/material-requests');
  const toReview = requestCard(lead, note);
  await toReview.getByLabel('Lead review notes').fill('Approved for the slab pour');
  await toReview.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(toReview.getByText('Approved by Lead')).toBeVisible();
  await lead.context().close();

  const store = await asPerson(browser, DEMO_ACCOUNTS.store_keeper, PHONE);
  await store.goto('/material-requests');
  const toSupply = requestCard(store, note);
  await toSupply.getByLabel('Store status').selectOption({ label: 'Partially Delivered' });
  await toSupply.getByLabel('Store keeper notes').fill('20 bags today, rebar Friday');
  await toSupply.getByRole('button', { name: 'Update Store Status' }).click();
  await expect(toSupply.locator('span', { hasText: /^Partially Delivered$/ })).toBeVisible();
  await store.context().close();

  await page.reload();
  await expect(mine.getByText('Partially Delivered')).toBeVisible();
  await expect(mine.getByText(/20 bags today, rebar Friday/)).toBeVisible();
  await mine.getByRole('button', { name: 'History' }).click();
  await expect(mine.getByRole('list', { name: 'Request history' })).toContainText('Approved by lead');
});

test('30 bags go from the store to site through the chain; the stock falls by 30 and shows low', async ({
  page,
  browser,
}) => {
  // The engineer asks on a phone.
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/inventory');
  await page.getByLabel('Search').fill('Dangote');
  const cement = page.getByRole('listitem').filter({ hasText: CEMENT });
  await expect(cement.getByText('100', { exact: true })).toBeVisible();
  await expect(cement.getByText('Low Stock')).toHaveCount(0);
  await cement.getByRole('button', { name: 'Request Item' }).click();
  // The form is whole once the projects one may ask for arrived: a click before may land on what they replace.
  await expect(cement.getByLabel('Project').getByRole('option', { name: PROJECT })).toBeAttached();
  await cement.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Missing Fields').first()).toBeVisible();
  await cement.getByLabel(/Quantity/).fill('30');
  await cement.getByLabel('Project').selectOption({ label: PROJECT });
  await cement.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Request submitted').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Requests Log' }).click();
  const logged = page.getByRole('listitem').filter({ hasText: CEMENT }).first();
  await expect(logged.getByText('Pending Store Keeper Approval')).toBeVisible();
  await expect(logged.getByText(/^#[0-9a-f]{8}$/)).toBeVisible();

  const store = await asPerson(browser, DEMO_ACCOUNTS.store_keeper);
  await store.goto('/inventory?tab=requests');
  const atStore = store.getByRole('listitem').filter({ hasText: CEMENT }).first();
  await atStore.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(atStore.getByText('Approved by Store (Pending Release)')).toBeVisible();
  await atStore.getByRole('button', { name: 'Escalate to Admin' }).click();
  await expect(atStore.getByText('Pending Admin Approval')).toBeVisible();

  const admin = await asPerson(browser, DEMO_ACCOUNTS.admin);
  await admin.goto('/inventory?tab=requests');
  const atAdmin = admin.getByRole('listitem').filter({ hasText: CEMENT }).first();
  await atAdmin.getByLabel('Notes').fill('Approved for Lekki');
  await atAdmin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(atAdmin.getByText('Approved by Admin (Pending Release)')).toBeVisible();
  await admin.context().close();

  await store.reload();
  // Releasing issues stock: one tap asks first, naming what leaves the store.
  await atStore.getByRole('button', { name: 'Release' }).click();
  const release = store.getByRole('alertdialog', { name: `Release 30 bags of ${CEMENT}?` });
  await expect(release).toContainText('The stock on hand goes down by 30 bags.');
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(store.getByText(`Released 30 bags of ${CEMENT}`)).toBeVisible();
  await expect(atStore.getByText('Approved & Released')).toBeVisible();
  await store.getByRole('tab', { name: 'Inventory List' }).click();
  const stock = store.getByRole('listitem').filter({ hasText: CEMENT });
  await expect(stock.getByText('70', { exact: true })).toBeVisible();
  await expect(stock.getByText('Low Stock')).toBeVisible();
  await stock.getByRole('button', { name: 'Stock Movements' }).click();
  await expect(stock.getByRole('list', { name: 'Stock movements' })).toContainText(`Issued to ${PROJECT}`);
  await store.context().close();

  await page.reload();
  await expect(
    page.getByRole('listitem').filter({ hasText: CEMENT }).first().getByText('Approved & Released'),
  ).toBeVisible();
});

test('the admin adds, filters, edits and deletes an item; an engineer sees no such controls', async ({
  page,
  browser,
}) => {
  const name = `Marine plywood 18 mm ${Date.now()}`;
  await signIn(page, DEMO_ACCOUNTS.admin, undefined, '/inventory');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByRole('button', { name: 'Add Item' }).last().click();
  await expect(page.getByText('Name, quantity, and unit are required.').first()).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category', { exact: true }).last().fill('Timber');
  await page.getByLabel('Quantity').fill('5');
  await page.getByLabel('Unit').fill('sheets');
  await page.getByLabel('Low stock threshold').fill('10');
  await page.getByRole('button', { name: 'Add Item' }).last().click();
  await expect(page.getByText('Item added').first()).toBeVisible();

  await page.getByLabel('Category').first().selectOption('Timber');
  const plywood = page.getByRole('listitem').filter({ hasText: name });
  await expect(plywood.getByText('Low Stock')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem')).toHaveCount(1);
  await plywood.getByRole('button', { name: 'Edit' }).click();
  await plywood.getByLabel('Quantity').fill('20');
  await plywood.getByRole('button', { name: 'Save Item' }).click();
  await expect(plywood.getByText('20', { exact: true })).toBeVisible();
  await expect(plywood.getByText('Low Stock')).toHaveCount(0);
  await plywood.getByRole('button', { name: 'Stock Movements' }).click();
  await expect(plywood.getByRole('list', { name: 'Stock movements' })).toContainText('+15 sheets → 20');

  const engineer = await asPerson(browser, DEMO_ACCOUNTS.team_member, PHONE);
  await engineer.goto('/inventory');
  await engineer.getByLabel('Search').fill(name);
  const seen = engineer.getByRole('listitem').filter({ hasText: name });
  await expect(seen.getByRole('button', { name: 'Request Item' })).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(engineer.getByRole('button', { name: 'Add Item' })).toHaveCount(0);
  await engineer.context().close();

  await plywood.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Item deleted').first()).toBeVisible();
  await expect(page.getByText('No items match your search')).toBeVisible();
});

test('long names do not make the stores screens scroll sideways on a 360 px phone', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const longName = `Galvanised corrugated roofing sheet, long span, 0.55 mm, anti-corrosion coated ${stamp}`;
  const store = await authOf(request, DEMO_ACCOUNTS.store_keeper);
  const engineer = await authOf(request, DEMO_ACCOUNTS.team_member);
  const item = await request.post('/api/inventory', {
    headers: store,
    data: {
      name: longName,
      category: `Roofing and cladding materials ${stamp}`,
      quantity: 8,
      unit: 'sheets',
      lowStockThreshold: 20,
    },
  });
  expect(item.status()).toBe(201);
  const itemId = ((await item.json()) as { item: { id: string } }).item.id;
  const projects = (await (
    await request.get('/api/inventory/requests/projects', { headers: engineer })
  ).json()) as {
    projects: Array<{ id: string }>;
  };
  const projectId = projects.projects[0]!.id;
  expect(
    (
      await request.post('/api/inventory/requests', {
        headers: engineer,
        data: {
          inventoryItemId: itemId,
          projectId,
          quantityRequested: 4,
          notes: `${longName} for the roof ${stamp}`,
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post('/api/material-requests', {
        headers: engineer,
        data: { projectId, items: [{ name: longName, quantity: 12 }], notes: `Needed urgently ${stamp}` },
      })
    ).status(),
  ).toBe(201);

  await page.setViewportSize(PHONE);
  await signIn(page, DEMO_ACCOUNTS.store_keeper);
  for (const path of ['/inventory', '/inventory?tab=requests', '/material-requests']) {
    await page.goto(path);
    await expect(page.getByText(longName).first()).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.client);
  }
});
