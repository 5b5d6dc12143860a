import type { Browser } from '@playwright/test';
import { adminToken, DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const stamp = Date.now().toString(36);
const TITLE = `Lekki Duplex ${stamp}`;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
let projectId = '';

/** A signed-in page of its own (its own storage), on a desktop or a phone. */
async function as(browser: Browser, email: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test.describe.serial('a change order from the staff’s draft to the client’s signature', () => {
  test.beforeAll(async ({ request }) => {
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const people = async (kind: 'staff' | 'clients') =>
      (
        (await (await request.get(`/api/users/${kind}?limit=100`, { headers })).json()) as {
          users: Array<{ id: string; email: string }>;
        }
      ).users;
    const lead = (await people('staff')).find((user) => user.email === DEMO_ACCOUNTS.project_lead)!;
    const client = (await people('clients')).find((user) => user.email === DEMO_ACCOUNTS.client)!;
    const created = await request.post('/api/projects', {
      headers,
      data: {
        title: TITLE,
        description: 'A duplex with a boys’ quarters',
        location: 'Lekki, Lagos',
        category: 'Residential',
        startDate: '2026-01-05',
        endDate: '2027-06-30',
        budget: 8_000_000,
        projectLeadId: lead.id,
        clientId: client.id,
        teamMemberIds: [],
      },
    });
    expect(created.status()).toBe(201);
    projectId = ((await created.json()) as { project: { id: string } }).project.id;
    const financials = await request.put(`/api/projects/${projectId}/financials`, {
      headers,
      data: {
        totalProjectValue: 10_000_000,
        initialPayment: 2_000_000,
        installments: [{ amount: 8_000_000, dueDate: '2099-01-31', status: 'pending' }],
      },
    });
    expect(financials.status()).toBe(200);
  });

  test('the project manager drafts a change order with an installment and sends it', async ({ browser }) => {
    const page = await as(browser, DEMO_ACCOUNTS.project_manager);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Change Orders' }).click();
    await expect(page.getByText('No change orders yet')).toBeVisible();
    await page.getByRole('button', { name: 'New change order' }).click();
    const form = page.getByRole('form', { name: 'New change order' });
    await form.getByRole('textbox', { name: 'Description' }).first().fill('Extra boys’ quarters at the back');
    await form.getByLabel('Reason').fill('Asked by the client on the site visit');
    const line = (index: number) => form.getByRole('group', { name: `Line ${index}` });
    await line(1).getByLabel('Description').fill('Blockwork and plaster');
    await line(1).getByLabel('Quantity').fill('40');
    await line(1).getByLabel('Unit', { exact: true }).fill('m2');
    await line(1).getByLabel('Unit price (₦)').fill('12500');
    await form.getByRole('button', { name: 'Add line' }).click();
    await line(2).getByLabel('Description').fill('Roofing sheets');
    await line(2).getByLabel('Quantity').fill('1.005');
    await line(2).getByLabel('Unit price (₦)').fill('1');
    // 40 × ₦12,500 + 1.005 × ₦1 (₦1.01, half up).
    await expect(form.getByTestId('change-order-total')).toHaveText('₦500,001.01');
    await form.getByLabel('Effect on end date (days; negative is earlier)').fill('21');
    await form.getByLabel('Internal notes (never shown to the client)').fill('Margin 18%');
    await form.getByLabel('Add an installment to the client’s schedule when approved').check();
    await form.getByLabel('Installment amount (₦)').fill('250000');
    await form.getByLabel('Installment due date').fill('2099-03-31');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('CO-001 saved as a draft')).toBeVisible();

    const card = page.getByRole('article', { name: /^CO-001/ });
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    await expect(card.getByText('₦500,001.01')).toBeVisible();
    await expect(card.getByText('Internal notes: Margin 18%')).toBeVisible();
    await card.getByRole('button', { name: 'Send to client' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send to client' }).click();
    await expect(card.getByText('Awaiting client', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await page.context().close();
  });

  test('the client approves it with their name on a phone: value and installment updated', async ({
    browser,
  }) => {
    const page = await as(browser, DEMO_ACCOUNTS.client, PHONE);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Change Orders' }).click();
    const card = page.getByRole('article', { name: /^CO-001/ });
    await expect(card.getByText('Awaiting client', { exact: true })).toBeVisible();
    await expect(card.getByText('End date 21 days later')).toBeVisible();
    // Internal notes stay the staff's.
    await expect(card.getByText(/Margin 18%/)).toHaveCount(0);
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.getByLabel('Your full name').fill('Chidinma Okafor');
    await card.getByRole('button', { name: 'Approve and sign' }).click();
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByText(/Approved and signed by Chidinma Okafor/)).toBeVisible();

    await page.getByRole('tab', { name: 'Financials' }).click();
    const figures = page.getByRole('list', { name: 'Project financials' });
    const figure = (label: string) => figures.getByRole('listitem').filter({ hasText: label });
    await expect(figure('Original Value')).toContainText('₦10,000,000.00');
    await expect(figure('Approved Variations')).toContainText('₦500,001.01');
    await expect(figure('Project Value')).toContainText('₦10,500,001.01');
    await expect(figure('Outstanding Balance')).toContainText('₦8,500,001.01');
    const installments = page.getByRole('list', { name: 'Installments' }).getByRole('listitem');
    await expect(installments).toHaveCount(2);
    await expect(installments.nth(1)).toContainText('₦250,000.00');
    await expect(installments.nth(1)).toContainText('Pending');
    await page.context().close();
  });

  test('the QS sees it approved with the sign-off on a phone, with nothing left to do', async ({
    browser,
  }) => {
    const page = await as(browser, DEMO_ACCOUNTS.quantity_surveyor, PHONE);
    await page.goto(`/projects/${projectId}?tab=change-orders`);
    const card = page.getByRole('article', { name: /^CO-001/ });
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByText(/Approved and signed by Chidinma Okafor/)).toBeVisible();
    await expect(card.getByRole('button', { name: /Send to client|Withdraw/ })).toHaveCount(0);
    // The draft form fits the phone too.
    await page.getByRole('button', { name: 'New change order' }).click();
    const form = page.getByRole('form', { name: 'New change order' });
    await expect(form.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price (₦)')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    await page.context().close();
  });

  test('the client’s dashboard and reports show the approved variation beside the original value', async ({
    browser,
  }) => {
    const page = await as(browser, DEMO_ACCOUNTS.client);
    const figures = page.getByRole('list', { name: 'Project figures' });
    await expect(figures.getByRole('listitem').filter({ hasText: 'Approved Variations' })).toContainText(
      '₦0.5M',
    );
    await page.goto('/reports');
    const overview = page.getByRole('list', { name: 'Report overview' });
    await expect(overview.getByRole('listitem').filter({ hasText: 'Approved Variations' })).toContainText(
      '₦0.5M',
    );
    await page.context().close();
  });
});

test('a client declines the demo’s change order with a reason, on a phone', async ({ browser }) => {
  const page = await as(browser, 'client2@trowel.test', PHONE);
  await page.goto('/projects');
  await page
    .getByRole('link', { name: /Maitama Office Complex/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Change Orders' }).click();
  const card = page.getByRole('article', { name: /Additional basement waterproofing/ });
  await expect(card.getByText('Awaiting client', { exact: true })).toBeVisible();
  // The draft beside it is the staff's until it is sent.
  await expect(page.getByRole('article', { name: /lobby floor/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'Decline' }).click();
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card.getByText('Give a reason for declining')).toBeVisible();
  await card.getByLabel('Reason for declining').fill('Please price a cheaper membrane first');
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card.getByText('Declined', { exact: true })).toBeVisible();
  await expect(card.getByText('Declined: Please price a cheaper membrane first')).toBeVisible();
  await page.context().close();
});
