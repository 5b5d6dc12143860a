import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addDays } from '@trowel/shared/schedule/critical-path.ts';
import { adminToken, DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
/** The tasks start next week, so today's line and the tasks share one screen of the chart. */
const START = addDays(new Date().toISOString().slice(0, 10), 7);
const DIG = 'Dig foundations';
const POUR = 'Pour footings';

/** A project of the demo client with one phase of two dated tasks, made through the API; answers its id. */
async function projectWithTasks(request: APIRequestContext, title: string) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const person = async (kind: 'staff' | 'clients', email: string) =>
    (
      (await (await request.get(`/api/users/${kind}?limit=100`, { headers })).json()) as {
        users: Array<{ id: string; email: string }>;
      }
    ).users.find((user) => user.email === email)!;
  const lead = await person('staff', DEMO_ACCOUNTS.project_lead);
  const client = await person('clients', DEMO_ACCOUNTS.client);
  const created = await request.post('/api/projects', {
    headers,
    data: {
      title,
      description: 'A bungalow on a strip foundation',
      location: 'Abuja',
      category: 'Residential',
      startDate: START,
      endDate: addDays(START, 90),
      budget: 5_000_000,
      projectLeadId: lead.id,
      clientId: client.id,
      teamMemberIds: [],
    },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { project: { id: string } }).project.id;
  const phase = await request.post(`/api/projects/${projectId}/phases`, {
    headers,
    data: { name: 'Substructure' },
  });
  expect(phase.status()).toBe(201);
  const phaseId = ((await phase.json()) as { phase: { id: string } }).phase.id;
  for (const [name, from, to] of [
    [DIG, 0, 2],
    [POUR, 5, 6],
  ] as const) {
    const task = await request.post(`/api/projects/${projectId}/phases/${phaseId}/tasks`, {
      headers,
      data: { name, startDate: addDays(START, from), endDate: addDays(START, to) },
    });
    expect(task.status()).toBe(201);
  }
  return projectId;
}

async function open(browser: Browser, email: string, viewport: typeof PHONE, path: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email, undefined, path);
  return page;
}

const option = (task: string) => ({ label: `${task} (Substructure)` });

/** Links two tasks through the "Link tasks" form. */
async function link(page: Page, first: string, then: string) {
  const form = page.getByRole('form', { name: 'Link tasks' });
  await form.getByLabel('First task').selectOption(option(first));
  await form.getByLabel('Then task').selectOption(option(then));
  await form.getByRole('button', { name: 'Link Tasks' }).click();
  return form;
}

/** Moves a task through the "Move a task" form. */
async function move(page: Page, task: string, startDate: string, endDate: string) {
  const form = page.getByRole('form', { name: 'Move a task' });
  await form.getByLabel('Task').selectOption(option(task));
  await form.getByLabel('Start date').fill(startDate);
  await form.getByLabel('End date').fill(endDate);
  await form.getByRole('button', { name: 'Move Task' }).click();
  await expect(page.getByText('Task moved').first()).toBeVisible();
}

/** The start date the move form offers for a task: its current start. */
async function startOf(page: Page, task: string) {
  const form = page.getByRole('form', { name: 'Move a task' });
  await form.getByLabel('Task').selectOption(option(task));
  return form.getByLabel('Start date');
}

for (const [screen, viewport] of [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test(`on ${screen}: link two tasks, move the first and the second follows; a loop is refused; the baseline shows the slip`, async ({
    browser,
    request,
  }) => {
    const title = `Gwarinpa Bungalow ${Date.now().toString(36)}`;
    const projectId = await projectWithTasks(request, title);
    const page = await open(browser, DEMO_ACCOUNTS.admin, viewport, `/projects/${projectId}`);
    await page.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByRole('heading', { name: `Schedule: ${title}` })).toBeVisible();

    const linked = await link(page, DIG, POUR);
    await expect(page.getByText('Tasks linked').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Links' })).toContainText(`${DIG} → ${POUR}`);
    await expect(linked.getByLabel('First task')).toHaveValue('');

    // The reverse link would close a loop: refused with the server's words.
    await link(page, POUR, DIG);
    await expect(linked.getByRole('alert')).toContainText('This link would make a loop');

    await page.getByRole('button', { name: 'Save Baseline' }).click();
    await expect(page.getByText('Baseline saved').first()).toBeVisible();
    await expect(page.getByText('Not saved yet')).toHaveCount(0);

    // Digging now ends 4 days later: pouring, which waits for it, is moved 2 days on (it had 1 day's gap).
    await move(page, DIG, addDays(START, 4), addDays(START, 6));
    await expect(await startOf(page, POUR)).toHaveValue(addDays(START, 7));
    if (viewport === PHONE) {
      const pour = page.getByTestId('agenda-task').filter({ hasText: POUR });
      await expect(pour.getByTestId('agenda-slip')).toHaveText('2 days late');
      await expect(page.getByTestId('agenda-task').filter({ hasText: DIG })).toContainText('4 days late');
    } else {
      const pourBar = page.locator(`[data-testid="gantt-bar"][data-task="${POUR}"]`);
      await expect(pourBar).toHaveAttribute('aria-label', /2 days late/);
      await expect(page.getByTestId('gantt-link')).toHaveCount(1);
      await expect(page.getByTestId('gantt-baseline')).toHaveCount(2);
      await expect(page.getByTestId('gantt-today')).toHaveCount(1);

      // Dragging digging's bar two days on moves pouring two more days.
      const digBar = page.locator(`[data-testid="gantt-bar"][data-task="${DIG}"] rect`).nth(1);
      const box = (await digBar.boundingBox())!;
      await page.mouse.move(box.x + 10, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 10 + 28, box.y + box.height / 2, { steps: 4 });
      await page.mouse.move(box.x + 10 + 56, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      await expect(pourBar).toHaveAttribute('aria-label', /4 days late/);
    }
  });
}

test('on a desktop: drag from one bar’s handle to another bar links them; a loop is refused with the reason', async ({
  browser,
  request,
}) => {
  const title = `Drag Link ${Date.now().toString(36)}`;
  const projectId = await projectWithTasks(request, title);
  const page = await open(browser, DEMO_ACCOUNTS.admin, DESKTOP, `/projects/${projectId}/schedule`);
  await expect(page.getByRole('heading', { name: `Schedule: ${title}` })).toBeVisible();
  const bar = (task: string) => page.locator(`[data-testid="gantt-bar"][data-task="${task}"] rect`).first();
  const handle = (task: string) => page.locator(`[data-testid="gantt-link-handle"][data-task="${task}"]`);

  /** Drags the link handle of `from` onto the middle of the bar of `to`. */
  async function dragLink(from: string, to: string) {
    const start = (await handle(from).boundingBox())!;
    const end = (await bar(to).boundingBox())!;
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 8 });
    await expect(page.getByTestId('gantt-link-target')).toHaveCount(1);
    await page.mouse.up();
  }

  await dragLink(DIG, POUR);
  await expect(page.getByText('Tasks linked').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Links' })).toContainText(`${DIG} → ${POUR}`);
  await expect(page.getByTestId('gantt-link')).toHaveCount(1);

  // The way back would close a loop: nothing is linked and the server's reason shows under the chart.
  await dragLink(POUR, DIG);
  await expect(page.getByRole('alert').filter({ hasText: 'This link would make a loop' })).toContainText(
    `This link would make a loop: ${POUR} → ${DIG} → ${POUR}`,
  );
  await expect(page.getByTestId('gantt-link')).toHaveCount(1);
});

test('a client reads the schedule of their project without the editing controls', async ({
  browser,
  request,
}) => {
  const projectId = await projectWithTasks(request, `Client View ${Date.now().toString(36)}`);
  const page = await open(browser, DEMO_ACCOUNTS.client, PHONE, `/projects/${projectId}/schedule`);
  await expect(page.getByTestId('agenda-task').filter({ hasText: POUR })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Baseline' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Link tasks' })).toHaveCount(0);
});

test('the look-ahead lists the next two weeks by day on a phone', async ({ browser, request }) => {
  const title = `Look-ahead ${Date.now().toString(36)}`;
  await projectWithTasks(request, title);
  const page = await open(browser, DEMO_ACCOUNTS.admin, PHONE, '/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Look-ahead' }).click();
  await expect(page.getByRole('heading', { name: 'Look-ahead', level: 1 })).toBeVisible();
  const dig = page.getByTestId('look-ahead-task').filter({ hasText: title }).filter({ hasText: DIG });
  await expect(dig.first()).toContainText('Starts');
});
