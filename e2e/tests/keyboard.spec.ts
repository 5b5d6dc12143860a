import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, authOf, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';
import { chooseWithArrows, expectFocusTrapped, expectPoliteToast, tabTo } from './keyboard-support.ts';

/**
 * One flow of each kind of user, walked with the keyboard alone once the screen is open: every
 * control is reached with Tab, shows its focus, and works with Enter, Space or the arrow keys; a
 * dialog keeps focus inside until it closes and gives it back; a toast is read out politely without
 * taking focus. Each screen the walk reaches is checked by axe as well.
 */

const stamp = Date.now().toString(36);
const PHONE = { width: 360, height: 780 };

/** A demo project the demo client owns, and its id. */
async function clientProject(request: APIRequestContext) {
  const headers = await authOf(request, DEMO_ACCOUNTS.client);
  const answer = (await (await request.get('/api/projects?limit=1', { headers })).json()) as {
    projects: Array<{ id: string; title: string }>;
  };
  return answer.projects[0]!;
}

test('an administrator approves a budget with the keyboard alone', async ({
  page,
  request,
  accessibility,
}) => {
  const project = await clientProject(request);
  const made = await request.post('/api/budgets', {
    headers: await authOf(request, DEMO_ACCOUNTS.accountant),
    data: {
      projectId: project.id,
      items: [{ description: `Scaffolding hire ${stamp}`, quantity: 4, unitPrice: 125000 }],
      remarks: 'Scaffolding for the facade',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const budget = ((await made.json()) as { budget: { id: string; status: string } }).budget;
  expect(budget.status).toBe('pending_admin');

  await signIn(page, DEMO_ACCOUNTS.admin, DEMO_PASSWORD, `/projects/${project.id}/budget`);
  const card = page.getByRole('article', { name: `Budget ${budget.id.slice(0, 8)}` });
  const approve = card.getByRole('button', { name: 'Approve', exact: true });
  await tabTo(page, approve, { limit: 120 });
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Approve?' });
  await expect(dialog).toContainText('The budget of ₦500,000.00');
  await accessibility.check(page);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(approve, 'focus returns to the button that opened the dialog').toBeFocused();

  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Approve' }), { limit: 5 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expectPoliteToast(page, /approved/i);
  await accessibility.check(page);
});

test('a client reads a project with the keyboard alone, on a phone', async ({ page, accessibility }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO_ACCOUNTS.client);
  const bar = page.getByRole('navigation', { name: 'Bottom navigation' });
  await tabTo(page, bar.getByRole('link', { name: 'Projects', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects$/);
  const firstProject = page.getByRole('list', { name: 'Project list' }).getByRole('listitem').first();
  const title = (await firstProject.getByRole('heading').first().textContent())!.trim();
  await accessibility.check(page);

  await tabTo(page, firstProject.getByRole('link').first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await accessibility.check(page);

  // The tabs: one stop for the row, the arrow keys move between them, Tab goes on into the panel.
  const tabs = page.getByRole('tablist', { name: 'Project sections' });
  await tabTo(page, tabs.getByRole('tab', { selected: true }));
  await page.keyboard.press('ArrowRight');
  const media = tabs.getByRole('tab', { name: 'Media' });
  await expect(media).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(media).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Media' })).toBeFocused();
  await accessibility.check(page);
});

/** An RFQ for the demo vendor, sent to them: answers its title. */
async function rfqForDemoVendor(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const found = (await (
    await request.get('/api/vendors?search=Obi%20Building&limit=5', { headers })
  ).json()) as {
    vendors: Array<{ id: string; email: string }>;
  };
  const vendor = found.vendors.find((candidate) => candidate.email === DEMO_ACCOUNTS.vendor)!;
  const title = `Keyboard RFQ ${stamp}`;
  const created = await request.post('/api/rfqs', {
    headers,
    multipart: {
      title,
      description: 'Blocks for the boundary wall',
      items: JSON.stringify([{ name: 'Sandcrete blocks 9 inch', quantity: 2000, unit: 'blocks' }]),
      vendorIds: JSON.stringify([vendor.id]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { rfq } = (await created.json()) as { rfq: { id: string } };
  const sent = await request.put(`/api/rfqs/${rfq.id}/status`, {
    headers,
    data: { status: 'pending_vendor_response' },
  });
  expect(sent.ok()).toBeTruthy();
  return title;
}

test('a vendor submits a quote with the keyboard alone', async ({ page, request, accessibility }) => {
  const title = await rfqForDemoVendor(request);
  await signIn(page, DEMO_ACCOUNTS.vendor, DEMO_PASSWORD, '/rfqs');
  const card = page.getByTestId('vendor-rfq-card').filter({ hasText: title });
  await tabTo(page, card.getByRole('link', { name: 'View Details' }), { limit: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await accessibility.check(page);

  await tabTo(page, page.getByRole('button', { name: 'Submit Quote' }));
  await page.keyboard.press('Enter');
  const price = page.getByLabel('Unit price of Sandcrete blocks 9 inch');
  await tabTo(page, price, { limit: 20 });
  await page.keyboard.type('450');
  await accessibility.check(page);
  await tabTo(page, page.getByRole('button', { name: 'Submit Response' }), { limit: 20 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your quotation has been submitted successfully.')).toBeVisible();
  await expectPoliteToast(page, /submitted/i);
  await expect(page.getByRole('button', { name: 'Update Quote' })).toBeVisible();
  await accessibility.check(page);
});

/** Types into the focused field, then checks that it holds the text. */
async function typeInto(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test('a site engineer posts a daily log with the keyboard alone, on a phone', async ({
  page,
  request,
  accessibility,
}) => {
  const project = await clientProject(request);
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO_ACCOUNTS.team_member, DEMO_PASSWORD, '/daily-log');
  await tabTo(page, page.getByRole('button', { name: 'Add Log', exact: true }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Add Daily Log' });
  await expect(form).toBeVisible();
  await accessibility.check(page);

  const projectField = form.getByLabel('Project', { exact: true });
  await tabTo(page, projectField, { limit: 20 });
  await chooseWithArrows(page, projectField, project.title);
  const logTitle = `Blockwork to lintel level ${stamp}`;
  await tabTo(page, form.getByLabel('Title', { exact: true }), { limit: 5 });
  await typeInto(page, form.getByLabel('Title', { exact: true }), logTitle);
  await tabTo(page, form.getByLabel('Description', { exact: true }), { limit: 5 });
  await typeInto(
    page,
    form.getByLabel('Description', { exact: true }),
    'Ground floor walls up to lintel level.',
  );
  const visible = form.getByRole('switch', { name: 'Visible to client' });
  await tabTo(page, visible, { limit: 10 });
  await page.keyboard.press('Space');
  await expect(visible).toHaveAttribute('aria-checked', 'true');
  await tabTo(page, form.getByRole('button', { name: 'Save Log' }), { limit: 10 });
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(page.getByRole('article', { name: logTitle, exact: true })).toBeVisible();
  await accessibility.check(page);
});
