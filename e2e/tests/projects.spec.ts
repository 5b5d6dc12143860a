import type { APIRequestContext, Page } from '@playwright/test';
import { DELETE_PROJECT_CONFIRMATION } from '@trowel/shared/projects/project.constants.ts';
import { adminToken, DEMO_ACCOUNTS, DEMO_PASSWORD, expectApart, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const stamp = Date.now().toString(36);
const TITLE = `Gbagada Court ${stamp}`;
const CLIENT = {
  name: `Tolu Akande ${stamp}`,
  email: `tolu-${stamp}@trowel.test`,
  password: 'client-pass-1',
};

async function api(request: APIRequestContext) {
  const token = await adminToken(request);
  return { authorization: `Bearer ${token}` };
}

async function findProjectId(request: APIRequestContext, title: string) {
  const response = await request.get(`/api/projects?search=${encodeURIComponent(title)}`, {
    headers: await api(request),
  });
  const body = (await response.json()) as { projects: Array<{ id: string; title: string }> };
  const found = body.projects.find((project) => project.title === title);
  expect(found, `project ${title}`).toBeTruthy();
  return found!.id;
}

async function choose(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.evaluate((element) => element.tagName)) === 'SELECT') {
    await field.selectOption({ label: option });
  } else {
    await field.click();
    await page.getByRole('option', { name: option }).click();
  }
}

test.describe.serial('projects from creation to deletion', () => {
  test.beforeAll(async ({ request }) => {
    const headers = await api(request);
    const created = await request.post('/api/users', {
      headers,
      data: { ...CLIENT, role: 'client', company: 'Akande Homes' },
    });
    expect(created.status()).toBe(201);
    // Enough projects for a second page on a desktop (12 per page) as well as on a phone (8).
    const staff = (await (
      await request.get('/api/users/staff?limit=100&role=project_lead', { headers })
    ).json()) as {
      users: Array<{ id: string }>;
    };
    const clients = (await (await request.get('/api/users/clients?limit=100', { headers })).json()) as {
      users: Array<{ id: string; email: string }>;
    };
    const clientId = clients.users.find((user) => user.email === DEMO_ACCOUNTS.client)!.id;
    for (let index = 0; index < 6; index++) {
      const response = await request.post('/api/projects', {
        headers,
        data: {
          title: `Filler Estate ${stamp} ${index}`,
          description: 'Estate roads and drainage',
          location: 'Ajah, Lagos',
          category: 'Residential',
          startDate: '2026-05-01',
          endDate: '2027-05-01',
          budget: 90_000_000,
          projectLeadId: staff.users[0]!.id,
          clientId,
          teamMemberIds: [],
        },
      });
      expect(response.status()).toBe(201);
    }
  });

  test('an admin creates a project with a lead, a team and a client', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.admin, undefined, '/projects/new');
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Twenty-four flats with a shared generator house.');
    await page.getByLabel('Location', { exact: true }).fill('Gbagada, Lagos');
    await choose(page, 'Category', 'Residential');
    await page.getByLabel('Start Date', { exact: true }).fill('2026-12-01');
    await page.getByLabel('End Date', { exact: true }).fill('2027-11-30');
    await page.getByLabel('Budget', { exact: true }).fill('250000000');
    await choose(page, 'Project Lead', 'Emeka Nwosu');
    await choose(page, 'Client', CLIENT.name);
    await choose(page, 'Team Members', 'Yusuf Abdullahi');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(page).toHaveTitle(`${TITLE} · Trowel`);
  });

  test('the client sees only that project, with its value from financials, never the budget', async ({
    page,
    request,
  }) => {
    await signIn(page, CLIENT.email, CLIENT.password, '/projects');
    const cards = page.getByRole('link', { name: new RegExp(TITLE) });
    await expect(cards).toHaveCount(1);
    await expect(page.getByText('(1 of 1 shown)')).toBeVisible();
    await expect(page).toHaveTitle('Projects · Trowel');
    await expect(page.getByText('Project Value: Not recorded yet')).toBeVisible();
    await expect(page.getByText(/₦250,000,000/)).toHaveCount(0);

    const id = await findProjectId(request, TITLE);
    const recorded = await request.put(`/api/projects/${id}/financials`, {
      headers: await api(request),
      data: {
        totalProjectValue: 310_000_000,
        initialPayment: 0,
        installments: [{ amount: 310_000_000, dueDate: '2027-11-30', status: 'pending' }],
      },
    });
    expect(recorded.status()).toBe(200);
    await page.reload();
    await expect(page.getByText('Project Value: ₦310,000,000.00')).toBeVisible();
    await expect(page.getByText(/₦250,000,000/)).toHaveCount(0);
  });

  test('the lead adds a phase and a task for the engineer', async ({ page, request }) => {
    const id = await findProjectId(request, TITLE);
    await signIn(page, DEMO_ACCOUNTS.project_lead, undefined, `/projects/${id}`);
    await page.getByLabel('Phase name').fill('Blockwork');
    await page.getByRole('button', { name: 'Add Phase' }).click();
    await expect(page.getByText('Phase Added').first()).toBeVisible();
    await page
      .getByRole('button', { name: 'Manage Tasks' })
      .or(page.getByRole('link', { name: 'Manage Tasks' }))
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}/phases/Blockwork/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Phase: Blockwork' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Task' }).click();
    await page.getByLabel('Task name').last().fill('Ground floor blocks');
    await choose(page, 'Assigned to', 'Yusuf Abdullahi');
    await page.getByRole('button', { name: /^Save/ }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
  });

  test('the engineer sets his task to 50% and the phase shows IN PROGRESS', async ({ page, request }) => {
    const id = await findProjectId(request, TITLE);
    await signIn(page, DEMO_ACCOUNTS.team_member, undefined, `/projects/${id}/phases/Blockwork/edit`);
    // He may work on his task but not edit the phase: the screen is titled with the phase's label.
    await expect(page.getByRole('heading', { level: 1, name: 'Blockwork', exact: true })).toBeVisible();
    await expect(page.getByLabel('Task name').first()).toBeDisabled();
    await choose(page, 'Progress', '50%');
    await page.getByRole('button', { name: /^Save/ }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
    await expect(page.getByRole('region', { name: 'Phases' }).getByText('IN PROGRESS')).toBeVisible();
  });

  test('the bell shows the new notification to the lead', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.project_lead);
    const bell = page.getByRole('link', { name: /Notifications, \d+ unread/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(
      page.getByText(new RegExp(`Task "Ground floor blocks" of "${TITLE}" was updated`)).first(),
    ).toBeVisible();
  });

  for (const [label, viewport, pageSize] of [
    ['a 360 px phone', { width: 360, height: 740 }, 8],
    ['a desktop', { width: 1280, height: 900 }, 12],
  ] as const) {
    test(`infinite scroll loads the second page on ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, DEMO_ACCOUNTS.admin, undefined, '/projects');
      const cards = page.getByRole('list', { name: 'Project list' }).getByRole('listitem');
      await expect(cards).toHaveCount(pageSize);
      await cards.last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await expect.poll(async () => cards.count()).toBeGreaterThan(pageSize);
    });
  }

  test('an admin deletes the project after the confirmation', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.admin, undefined, '/projects');
    await page.getByLabel('Search').fill(TITLE);
    // The searched card alone, once the debounced search has answered.
    const cards = page.getByRole('list', { name: 'Project list' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(page.getByText('(1 of 1 shown)')).toBeVisible();
    await page.getByRole('button', { name: `Actions for ${TITLE}` }).click();
    await page.getByRole('menuitem', { name: /Delete/ }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(DELETE_PROJECT_CONFIRMATION(TITLE));
    await dialog.getByRole('button', { name: /Delete/ }).click();
    await expect(page.getByText('Project Deleted').first()).toBeVisible();
    // The toast keeps clear of the page's own actions.
    await expectApart(
      page.locator('[data-sonner-toast]').first(),
      page.getByRole('link', { name: 'New Project' }),
    );
    await expect(page.getByText(`Project "${TITLE}" has been deleted successfully.`).first()).toBeVisible();
    await page.goto('/projects');
    await page.getByLabel('Search').fill(TITLE);
    await expect(page.getByText('No projects found')).toBeVisible();
  });
});

test('signing in with the demo password still works for every demo account', async ({ request }) => {
  for (const email of Object.values(DEMO_ACCOUNTS)) {
    const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(response.status(), email).toBe(200);
  }
});
