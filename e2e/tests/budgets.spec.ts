import type { Browser, Page } from '@playwright/test';
import { adminToken, DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const stamp = Date.now().toString(36);
const TITLE = `Ajah Court ${stamp}`;
const PHONE = { width: 360, height: 740 };
const pdf = {
  name: 'bill-of-quantities.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};
let projectId = '';

/** A signed-in page of its own (its own storage), on a desktop or a phone. */
async function as(browser: Browser, email: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const budgetCard = (page: Page) => page.getByRole('article').first();

/** Nothing is wider than the phone's screen. */
async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'page width').toBeLessThanOrEqual(widths[1]!);
}

/** Every amount of a figure list stands on one line inside its own card. */
async function expectAmountsWithinCards(page: Page, list: string) {
  const amounts = await page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const card = item.firstElementChild!.getBoundingClientRect();
        const value = item.querySelector('p:last-child')!;
        const range = document.createRange();
        range.selectNodeContents(value);
        const text = range.getBoundingClientRect();
        return {
          value: value.textContent,
          lines: new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size,
          inside: text.left >= card.left && text.right <= card.right,
        };
      }),
    );
  for (const amount of amounts)
    expect(amount, String(amount.value)).toMatchObject({ lines: 1, inside: true });
}

test.describe.serial('a budget through its approval chain, then the project financials', () => {
  test.beforeAll(async ({ request }) => {
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    await request.put('/api/admin/settings', {
      headers,
      data: { settings: [{ key: 'budget_qs_review_enabled', value: 'true' }] },
    });
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
        description: 'Four terraces in Ajah',
        location: 'Ajah, Lagos',
        category: 'Residential',
        startDate: '2026-01-05',
        endDate: '2027-06-30',
        budget: 10_000_000,
        projectLeadId: lead.id,
        clientId: client.id,
        teamMemberIds: [],
      },
    });
    expect(created.status()).toBe(201);
    projectId = ((await created.json()) as { project: { id: string } }).project.id;
  });

  test('the lead submits a budget with two lines and a PDF', async ({ browser }) => {
    const page = await as(browser, DEMO_ACCOUNTS.project_lead);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Budget' }).click();
    await page.getByRole('link', { name: 'Manage Budgets' }).click();
    await expect(page.getByRole('heading', { name: 'Budget Management' })).toBeVisible();
    await page.getByRole('button', { name: 'New Budget' }).click();
    const form = page.getByRole('form', { name: 'New budget' });
    await expect(form.getByLabel('Project')).toHaveValue(projectId);
    const line = (index: number) => form.getByRole('group', { name: `Line ${index}` });
    await line(1).getByLabel('Description').fill('Cement (50kg bags)');
    await line(1).getByLabel('Quantity').fill('200');
    await line(1).getByLabel('Unit price (₦)').fill('9500');
    await form.getByRole('button', { name: 'Add line' }).click();
    await line(2).getByLabel('Description').fill('Reinforcement bars 12mm');
    await line(2).getByLabel('Quantity').fill('2.5');
    await line(2).getByLabel('Unit price (₦)').fill('240000.50');
    await expect(form.getByLabel('Budget total')).toHaveText('₦2,500,001.25');
    await form.getByLabel('Attach supporting documents').setInputFiles(pdf);
    await expect(form.getByText('New', { exact: true })).toBeVisible();
    await form.getByRole('button', { name: 'Submit Budget' }).click();
    await expect(page.getByText('Budget submitted')).toBeVisible();
    const card = budgetCard(page);
    await expect(card.getByText('Pending QS Review', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: pdf.name, exact: true })).toBeVisible();
    await expect(card.getByText('₦2,500,001.25')).toBeVisible();
    await page.context().close();
  });

  test('the QS approves it to the accountant, who pushes it to the admin, who approves it', async ({
    browser,
  }) => {
    // Three people sign in one after another, and each confirms their step.
    test.setTimeout(120_000);
    const steps: Array<[string, string, string, boolean]> = [
      [DEMO_ACCOUNTS.quantity_surveyor, 'Approve to Accountant', 'Pending Accountant Review', true],
      [DEMO_ACCOUNTS.accountant, 'Push to Admin', 'Pending Admin Approval', false],
      [DEMO_ACCOUNTS.admin, 'Approve', 'Approved', false],
    ];
    for (const [email, action, status, remarks] of steps) {
      const page = await as(browser, email);
      await page.goto(`/projects/${projectId}/budget`);
      const card = budgetCard(page);
      await card.getByRole('button', { name: action, exact: true }).click();
      // Every step asks first, naming the budget's total.
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(`The budget of ₦2,500,001.25 for "${TITLE}" will be`);
      if (remarks) await dialog.getByLabel('Remarks').fill('Quantities checked against the drawings');
      await dialog.getByRole('button', { name: action }).click();
      await expect(card.getByText(status, { exact: true })).toBeVisible();
      await page.context().close();
    }
  });

  test("the project's Budget tab shows it approved with the utilisation, on a phone", async ({ browser }) => {
    const page = await as(browser, DEMO_ACCOUNTS.project_manager, PHONE);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Budget' }).click();
    // ₦2,500,001.25 approved of a ₦10,000,000 budget.
    await expect(page.getByLabel('Budget utilisation')).toHaveText('25%');
    const recent = page.getByRole('list', { name: 'Recent budgets' });
    await expect(recent.getByText('Approved')).toBeVisible();
    await expect(recent.getByText('₦2,500,001.25')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Budgets' })).toBeVisible();
    await page.getByRole('link', { name: 'View Budgets' }).click();
    await expect(page.getByRole('heading', { name: 'Budget Overview' })).toBeVisible();
    await expect(budgetCard(page).getByRole('button')).toHaveCount(0);
    // Each line's total is on the phone's screen, without a swipe.
    const lines = budgetCard(page).getByRole('list', { name: 'Budget lines' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    for (const [index, total] of ['₦1,900,000.00', '₦600,001.25'].entries()) {
      const shown = lines.nth(index).getByText(total);
      await expect(shown).toBeVisible();
      const box = (await shown.boundingBox())!;
      expect(box.x, total).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, total).toBeLessThanOrEqual(PHONE.width);
    }
    const history = budgetCard(page).getByText(/^History/);
    await history.click();
    await expect(
      budgetCard(page).getByRole('list', { name: 'Budget history' }).getByRole('listitem'),
    ).toHaveCount(6);
    await expectNoSideScroll(page);
    await page.goto(`/projects/${projectId}/financials`);
    await expect(page.getByText("You don't have permission to view this page.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await page.context().close();
  });

  test('the accountant records financials with three installments, on a phone', async ({ browser }) => {
    const page = await as(browser, DEMO_ACCOUNTS.accountant, PHONE);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Budget' }).click();
    await page.getByRole('link', { name: 'Manage Project Financials (Admin/Accountant)' }).click();
    await expect(
      page.getByRole('heading', { name: 'Manage Project Financials (Admin/Accountant)' }),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Project financials' });
    await form.getByLabel('Total Project Value').fill('1450000000');
    await expect(form.getByLabel('Total Project Value')).toHaveValue('1,450,000,000');
    await form.getByLabel('Initial Payment').fill('435000000');
    await expect(form.getByLabel('Outstanding Balance')).toHaveValue('₦1,015,000,000.00');
    const installment = (index: number) => form.getByRole('group', { name: `Installment ${index}` });
    await expect(installment(1).getByRole('button', { name: 'Remove installment 1' })).toBeDisabled();
    await installment(1).getByLabel('Amount').fill('300000000');
    await installment(1).getByLabel('Due date').fill('2026-01-31');
    await installment(1).getByLabel('Status').selectOption('paid');
    await form.getByRole('button', { name: 'Add installment' }).click();
    // Unpaid and past due: shown overdue.
    await installment(2).getByLabel('Amount').fill('250000000');
    await installment(2).getByLabel('Due date').fill('2020-02-28');
    await form.getByRole('button', { name: 'Add installment' }).click();
    await installment(3).getByLabel('Amount').fill('465000000');
    await installment(3).getByLabel('Due date').fill('2099-12-31');
    // The initial payment and the paid installment are paid; the rest of the value is owed.
    await expect(form.getByLabel('Amount Paid')).toHaveValue('₦735,000,000.00');
    await expect(form.getByLabel('Outstanding Balance')).toHaveValue('₦715,000,000.00');
    await expectNoSideScroll(page);
    await form.getByRole('button', { name: 'Save Financials' }).click();
    await expect(page.getByText('Project financials saved')).toBeVisible();
    await page.context().close();
  });

  test('the client sees them on the Financials tab, each amount within its card, and the dashboard', async ({
    browser,
  }) => {
    const page = await as(browser, DEMO_ACCOUNTS.client, PHONE);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Financials' }).click();
    const figures = page.getByRole('list', { name: 'Project financials' });
    const figure = (label: string) => figures.getByRole('listitem').filter({ hasText: label });
    await expect(figure('Project Value')).toContainText('₦1,450,000,000.00');
    await expect(figure('Amount Paid')).toContainText('₦735,000,000.00');
    await expect(figure('Outstanding Balance')).toContainText('₦715,000,000.00');
    await expectAmountsWithinCards(page, 'Project financials');
    const installments = page.getByRole('list', { name: 'Installments' }).getByRole('listitem');
    await expect(installments).toHaveCount(3);
    await expect(installments.nth(0)).toContainText('Paid');
    await expect(installments.nth(1)).toContainText('Overdue');
    await expect(installments.nth(2)).toContainText('Pending');
    await page.goto('/');
    // No other project of this client has financials recorded: what was paid is this project's.
    const paid = page.getByRole('listitem').filter({ hasText: 'Total Amount Paid' });
    await expect(paid).toContainText('₦735.0M');
    await page.context().close();
  });
});
