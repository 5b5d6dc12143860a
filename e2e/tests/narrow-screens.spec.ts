import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const stamp = Date.now().toString(36);
const PHONE = { width: 360, height: 740 };
const LOCATION = 'Plot 14, Block C, Admiralty Way Extension, Lekki Phase 1, Eti-Osa, Lagos State';
const TITLE = `Admiralty Way Extension Residential Towers and Podium Car Park ${stamp}`;
const LEAD = {
  name: `Oluwaseun Adebayo-Williams ${stamp}`,
  email: `oluwaseun.adebayo-williams.procurement.${stamp}@buildersconsortium-nigeria.com.ng`,
  password: 'lead-pass-123',
  role: 'project_lead',
  phone: '+234 803 555 0199',
  location: LOCATION,
};
const CLIENT = {
  name: `Chukwuemeka Okonkwo-Balogun ${stamp}`,
  email: `chukwuemeka.okonkwo-balogun.estates.${stamp}@lagosheritagepropertiesandinvestments.com.ng`,
  password: 'client-pass-123',
  role: 'client',
  company: 'Lagos Heritage Properties and Investments Limited (Residential Development Division)',
  location: LOCATION,
};
const LOG_TITLE = `Ground floor slab poured at ${LOCATION} ${stamp}`;
const FILE_NAME = `admiralty-way-extension-block-c-ground-floor-slab-before-pour-${stamp}.png`;

async function createRecords(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const ids: Record<string, string> = {};
  for (const person of [LEAD, CLIENT]) {
    const response = await request.post('/api/users', { headers, data: person });
    expect(response.status(), person.email).toBe(201);
    ids[person.role] = ((await response.json()) as { user: { id: string } }).user.id;
  }
  const project = await request.post('/api/projects', {
    headers,
    data: {
      title: TITLE,
      description: `Two towers of fourteen floors over a podium car park at ${LOCATION}.`,
      location: LOCATION,
      category: 'Residential',
      startDate: '2026-05-01',
      endDate: '2028-05-01',
      budget: 13_025_000_000,
      projectLeadId: ids.project_lead,
      clientId: ids.client,
      teamMemberIds: [],
    },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { project: { id: string } }).project.id;
  const log = await request.post('/api/daily-logs', {
    headers,
    data: {
      projectId,
      title: LOG_TITLE,
      message: `Inspection notes: https://docs.buildersconsortium-nigeria.com.ng/inspections/${stamp}/ground-floor-slab-before-pour-checklist`,
      type: 'milestone',
      isClientVisible: true,
    },
  });
  expect(log.status()).toBe(201);
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#1e3a5f' },
  })
    .png()
    .toBuffer();
  const upload = await request.post('/api/media/upload-batch', {
    headers,
    multipart: {
      projectId,
      description: `Slab before the pour, ${LOCATION}`,
      isClientVisible: 'true',
      files: { name: FILE_NAME, mimeType: 'image/png', buffer: photo },
    },
  });
  expect(upload.status()).toBe(202);
  return projectId;
}

/** Every element that reaches past the right edge, to name the culprit when the page scrolls sideways. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const wider = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wider };
  });
}

async function expectNoSidewaysScroll(page: Page, path: string, shows: string) {
  await page.goto(path);
  await expect(page.getByText(shows).first()).toBeVisible();
  const overflow = await horizontalOverflow(page);
  expect
    .soft(overflow.scrollWidth, `${path}: ${overflow.wider.join(' | ')}`)
    .toBeLessThanOrEqual(overflow.clientWidth);
}

test.describe.serial('long names, emails and places on a 360 px phone', () => {
  let projectId = '';
  test.use({ viewport: PHONE });

  test.beforeAll(async ({ request }) => {
    projectId = await createRecords(request);
  });

  test('no list screen scrolls sideways for an admin', async ({ page }) => {
    // Thirteen screens, each loaded and measured: about a minute on the slower machines of the kind.
    test.setTimeout(120_000);
    await signIn(page, DEMO_ACCOUNTS.admin);
    const screens: Array<[string, string]> = [
      ['/', 'Welcome'],
      ['/projects', LOCATION],
      [`/projects/${projectId}`, TITLE],
      ['/admin/staff', LEAD.email],
      ['/admin/clients', CLIENT.email],
      [`/admin/staff/${encodeURIComponent(LEAD.name)}/projects`, LOCATION],
      [`/admin/clients/${encodeURIComponent(CLIENT.name)}/projects`, LOCATION],
      ['/daily-log', LOG_TITLE],
      ['/media', FILE_NAME],
      ['/notifications', 'Notifications'],
      ['/reports', 'Reports'],
      [`/projects/${projectId}/costs`, 'Approved budgets'],
      ['/costs', 'Approved budgets'],
    ];
    for (const [path, shows] of screens) await expectNoSidewaysScroll(page, path, shows);
  });

  test('no screen of the client’s project scrolls sideways', async ({ page }) => {
    await signIn(page, CLIENT.email, CLIENT.password);
    for (const [path, shows] of [
      ['/projects', LOCATION],
      [`/projects/${projectId}`, TITLE],
      ['/daily-log', LOG_TITLE],
      ['/media', FILE_NAME],
      ['/profile', CLIENT.email],
    ] as const) {
      await expectNoSidewaysScroll(page, path, shows);
    }
  });

  test('tab labels stay on one line and the viewer shows the file name', async ({ page }) => {
    await signIn(page, CLIENT.email, CLIENT.password, `/projects/${projectId}`);
    const tab = page.getByRole('tab', { name: 'Daily Log' });
    // One line of 20 px text with its padding; a wrapped label is over 50 px tall.
    expect((await tab.boundingBox())!.height).toBeLessThan(40);

    await page.goto('/media');
    await page.getByRole('button', { name: `View ${FILE_NAME}` }).click();
    const viewer = page.getByRole('dialog', { name: FILE_NAME });
    const name = viewer.getByRole('heading', { name: FILE_NAME });
    await expect(name).toBeVisible();
    // The name gets the whole width of a line instead of a sliver next to the tools.
    expect((await name.boundingBox())!.width).toBeGreaterThan(250);
  });

  test('the lead’s notifications about the project do not scroll sideways', async ({ page }) => {
    await signIn(page, LEAD.email, LEAD.password);
    await expectNoSidewaysScroll(page, '/notifications', TITLE);
  });
});
