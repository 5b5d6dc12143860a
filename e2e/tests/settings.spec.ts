import type { Locator } from '@playwright/test';
import { startSmtpSink } from './smtp-sink.ts';
import { adminToken, DEMO_ACCOUNTS, expectApart, sessionToken, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
test.beforeAll(async ({ trowel }) => {
  sink = await startSmtpSink(trowel.smtpPort);
});
test.afterAll(async () => {
  await sink.close();
});

test('the admin switches QS review off and on, sets up email and sends a test email', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO_ACCOUNTS.admin, undefined, '/settings');
  const qsReview = page.getByRole('switch', { name: 'Quantity Surveyor Review' });
  await expect(qsReview).toHaveAttribute('aria-checked', 'true');
  await qsReview.click();
  await expect(page.getByText('Workflow saved')).toBeVisible();
  await expect(qsReview).toHaveAttribute('aria-checked', 'false');
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const qsValue = async () =>
    (
      (await (await request.get('/api/admin/settings', { headers })).json()) as {
        settings: Array<{ key: string; value: string }>;
      }
    ).settings.find((entry) => entry.key === 'budget_qs_review_enabled')?.value;
  expect(await qsValue()).toBe('false');
  await qsReview.click();
  await expect(qsReview).toHaveAttribute('aria-checked', 'true');
  await expect.poll(qsValue).toBe('true');

  await page.getByLabel('ZeptoMail API Key').fill('e2e-send-mail-token-1234');
  await page.getByLabel('From Email').fill('site-office@trowel.test');
  await page.getByLabel('From Name').fill('Trowel Site Office');
  await page.getByLabel('Test Email Address').fill('ops-check@trowel.test');
  await page.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(page.getByText('A key is saved: ********1234. Leave this blank to keep it.')).toBeVisible();
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Test Email Sent', { exact: true })).toBeVisible();
  const mail = sink.messages.find((message) => message.to.includes('ops-check@trowel.test'));
  expect(mail, 'the test email reached the SMTP server').toBeTruthy();
  expect(mail!.from).toBe('site-office@trowel.test');
  expect(mail!.raw).toMatch(/^From: "?Trowel Site Office"? <site-office@trowel\.test>/m);
  expect(mail!.raw).toMatch(/^Subject: Trowel test email/m);
  // The admin is still signed in, and the page never showed the key.
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('e2e-send-mail-token-1234');
});

/** Scrolls the page so the button sits just above the phone's tab bar (or the screen's bottom edge), or just under the header. */
async function placeButton(button: Locator, where: 'bottom' | 'top') {
  await button.evaluate((element, edge) => {
    const bar = document.querySelector('nav[aria-label="Bottom navigation"]');
    const barHeight =
      bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().height : 0;
    const header = document.querySelector('header')!.getBoundingClientRect().bottom;
    const box = element.getBoundingClientRect();
    const target = edge === 'bottom' ? window.innerHeight - barHeight - 8 - box.height : header + 8;
    window.scrollBy(0, box.top - target);
  }, where);
}

test("link expiry out of range is refused beside the field; a save's toast never covers the Save button", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO_ACCOUNTS.admin);
  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/settings');
    const days = page.getByLabel('Link Expiry (days)');
    const save = page.getByRole('button', { name: 'Save Auto Login Settings' });
    await days.fill('45');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Link Expiry (days)' })).toHaveText(
      'Link Expiry (days) must be a whole number of days from 1 to 30.',
    );
    await expect(days).toHaveValue('45');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await days.fill('3');

    for (const where of ['bottom', 'top'] as const) {
      await placeButton(save, where);
      await save.click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Vendor auto login saved' });
      await expect(toast).toBeVisible();
      // Sliding in takes a moment: compare where both rest.
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      await expectApart(toast, save);
      await toast.getByRole('button', { name: /close/i }).click();
      await expect(toast).toHaveCount(0);
    }
  }
});

test('dark mode and the DD/MM/YYYY date format hold on the projects list after a reload', async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/settings');
  await page.getByRole('switch', { name: 'Dark Mode' }).click();
  await page.getByLabel('Date Format').selectOption('DD/MM/YYYY');
  await page.goto('/projects');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toMatch(/rgb\(248, 250, 252\)|oklch\(0\.98/);
  const list = page.getByRole('list', { name: 'Project list' });
  await expect(list).toBeVisible();
  // A day above 12 first: only a DD/MM/YYYY date reads like this.
  await expect(list).toContainText(/\b(1[3-9]|2\d|3[01])\/(0[1-9]|1[0-2])\/20\d\d\b/);
  await expect(list).not.toContainText(
    /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) 20\d\d\b/,
  );
});

test('a client leaves a 5-star testimonial from a completed project and the admin sees it', async ({
  browser,
  request,
}) => {
  // Two people, two browsers, five sign-ins on a small machine.
  test.setTimeout(90_000);
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const clientToken = await sessionToken(request, DEMO_ACCOUNTS.client);
  const leadToken = await sessionToken(request, DEMO_ACCOUNTS.project_lead);
  const me = async (token: string) =>
    (
      (await (
        await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        user: { id: string };
      }
    ).user.id;
  const title = `Testimonial Court ${Date.now()}`;
  const created = await request.post('/api/projects', {
    headers: admin,
    data: {
      title,
      description: 'A completed project to review',
      location: 'Victoria Island, Lagos',
      category: 'Residential',
      startDate: '2025-01-06',
      endDate: '2025-12-19',
      budget: 90_000_000,
      projectLeadId: await me(leadToken),
      clientId: await me(clientToken),
    },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { project: { id: string } }).project.id;
  expect(
    (await request.put(`/api/projects/${projectId}`, { headers: admin, data: { status: 'completed' } })).ok(),
  ).toBeTruthy();

  const clientPage = await (await browser.newContext()).newPage();
  await signIn(clientPage, DEMO_ACCOUNTS.client);
  await clientPage.goto(`/projects/${projectId}`);
  await clientPage.getByRole('link', { name: 'Leave a Testimonial' }).click();
  await expect(clientPage).toHaveURL(/\/testimonials\?projectId=/);
  await expect(clientPage.getByLabel('Project', { exact: true })).toHaveValue(projectId);
  await clientPage.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await clientPage.getByLabel('Your Feedback').fill('Handed over early and spotless.');
  await clientPage.getByRole('button', { name: 'Submit Testimonial' }).click();
  await expect(clientPage.getByText('Thank you for your testimonial!')).toBeVisible();
  const own = clientPage.getByRole('list', { name: 'Testimonials' });
  await expect(own).toContainText(title);

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, DEMO_ACCOUNTS.admin);
  await adminPage.goto('/testimonials');
  await adminPage.getByLabel('Rating').selectOption('5');
  const item = adminPage.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Handed over early and spotless.');
  await expect(item).toContainText('Olumide Balogun');
  await expect(item.getByRole('img', { name: 'Rated 5 stars of 5' })).toBeVisible();
});
