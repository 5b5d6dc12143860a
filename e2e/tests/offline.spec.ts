import type { Locator, Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@trowel/shared/auth/session-token.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { adminToken, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn } from './support.ts';

// This spec needs the app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** A demo project with the demo engineer on its team. */
const PROJECT = 'Lekki Pearl Apartments';
/** The query of the projects the engineer may ask materials for. */
const REQUEST_PROJECTS = JSON.stringify(['material-requests', 'projects', 'request']);

/** A small site photo drawn here, one colour per photo. */
async function sitePhoto(name: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="100%" height="100%" fill="${colour}"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

/** Waits until the service worker controls the page: the shell and every screen are in its cache. */
async function untilInstalled(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The queries kept in the persisted cache (their keys and answers), as JSON. */
function persistedQueries(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Array<{ key: string; answer: string }>>((resolve) => {
        const open = indexedDB.open('trowel-cache');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const read = open.result.transaction('query-cache').objectStore('query-cache').get('client');
          read.onerror = () => resolve([]);
          read.onsuccess = () => {
            const queries = (read.result?.clientState?.queries ?? []) as Array<{
              queryKey: unknown[];
              state: { data: unknown };
            }>;
            resolve(
              queries.map((query) => ({
                key: JSON.stringify(query.queryKey),
                answer: JSON.stringify(query.state.data ?? null),
              })),
            );
          };
        };
      }),
  );
}

/** Every query key kept in the persisted cache, as JSON. */
async function persistedKeys(page: Page) {
  return (await persistedQueries(page)).map((query) => query.key);
}

/** How many of a log's pictures show a thumbnail variant, loaded. */
function shownThumbnails(card: Locator) {
  return card
    .locator('img')
    .evaluateAll(
      (images) =>
        (images as HTMLImageElement[]).filter(
          (image) => image.complete && image.naturalWidth > 0 && image.src.includes('variant=thumbnail'),
        ).length,
    );
}

async function apiToken(page: Page) {
  return page.evaluate((key) => window.localStorage.getItem(key) ?? '', TOKEN_STORAGE_KEY);
}

test('a log with three photos, a reply and a material request written offline are kept through a reload and reach the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const title = `Basement slab ${stamp}`;
  const note = `Blinding for the basement ${stamp}`;

  // First visit, online: the app installs, and the screens the engineer works on are read once.
  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/material-requests');
  await untilInstalled(page);
  await page.getByRole('button', { name: 'New Request' }).click();
  await expect(page.getByLabel('Project').first()).toContainText(PROJECT);
  await expect.poll(() => persistedKeys(page)).toContain(REQUEST_PROJECTS);
  await page.goto('/daily-log');
  // Every project's list is read before one project is chosen (a list left loading is not kept).
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByLabel('Project', { exact: true }).selectOption({ label: PROJECT });
  await expect(page).toHaveURL(/projectId=/);
  await expect(page.getByRole('article').first()).toBeVisible();
  const logsUrl = page.url();
  // The project's own list as well as every project's.
  await expect
    .poll(
      async () => (await persistedKeys(page)).filter((key) => key.startsWith('["daily-logs","list"')).length,
    )
    .toBeGreaterThanOrEqual(2);
  expect(await persistedKeys(page)).toContain(REQUEST_PROJECTS);

  // No network: the app opens from its cache, signed in, where the engineer was.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByText(OUTBOX_MESSAGES.offline)).toBeVisible();
  await expect(page).toHaveURL(logsUrl);

  await page.getByRole('button', { name: 'Add Log', exact: true }).click();
  const form = page.getByRole('form', { name: 'Add Daily Log' });
  await form.getByLabel('Project', { exact: true }).selectOption({ label: PROJECT });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('Poured in the rain, no signal down here.');
  await form
    .getByLabel('Attach files')
    .setInputFiles([
      await sitePhoto('north.png', '#1e3a5f'),
      await sitePhoto('east.png', '#f59e0b'),
      await sitePhoto('south.png', '#16a34a'),
    ]);
  await form.getByRole('button', { name: 'Save Log' }).click();
  await expect(page.getByText(OUTBOX_MESSAGES.queued).first()).toBeVisible();
  const queuedLogs = page.getByRole('list', { name: 'Logs not sent yet' });
  await expect(queuedLogs).toContainText(title);
  await expect(queuedLogs).toContainText(OUTBOX_MESSAGES.notSentYet);

  // A reply to a log already on the server, offline too.
  const reply = `Checked the cover to the rebar ${stamp}`;
  const earlierLog = page.getByRole('article').first();
  await earlierLog.getByRole('button', { name: 'Reply', exact: true }).first().click();
  await earlierLog.getByLabel(/^Reply to /).fill(reply);
  await earlierLog.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('2');
  // It shows in its thread, marked as not sent yet.
  const queuedReplies = earlierLog.getByRole('list', { name: 'Replies not sent yet' });
  await expect(queuedReplies).toContainText(reply);
  await expect(queuedReplies).toContainText(OUTBOX_MESSAGES.notSentYet);

  await page.goto('/material-requests');
  await page.getByRole('button', { name: 'New Request' }).click();
  await page.getByLabel('Project').first().selectOption({ label: PROJECT });
  await page.getByLabel('Item 1 name').fill('Cement (50 kg bags)');
  await page.getByLabel('Item 1 quantity').fill('12');
  await page.getByLabel('Notes').fill(note);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText(OUTBOX_MESSAGES.queued).first()).toBeVisible();

  // A reload while still offline: both are still waiting, on this phone.
  await page.reload();
  await expect(page.getByTestId('outbox-count')).toHaveText('3');
  await page.getByRole('link', { name: 'Outbox, 3 not sent' }).click();
  const items = page.getByRole('list', { name: 'Outbox items' });
  await expect(items.getByRole('listitem')).toHaveCount(3);
  await expect(items.getByText('Waiting')).toHaveCount(3);

  // The network is back: each is sent once, in order, and the badge goes.
  await context.setOffline(false);
  await expect(items.getByText('Sent', { exact: true })).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId('outbox-count')).toBeHidden();

  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const logs = await (await page.request.get('/api/daily-logs?limit=50', { headers })).json();
  const sentLogs = (logs.dailyLogs as Array<{ title: string; attachments: unknown[] }>).filter(
    (log) => log.title === title,
  );
  expect(sentLogs).toHaveLength(1);
  expect(sentLogs[0]!.attachments).toHaveLength(3);
  expect(JSON.stringify(logs.dailyLogs).split(reply).length - 1, 'the reply, once').toBe(1);
  const requests = await (await page.request.get('/api/material-requests?limit=50', { headers })).json();
  const sentRequests = (requests.materialRequests as Array<{ notes: string }>).filter(
    (request) => request.notes === note,
  );
  expect(sentRequests).toHaveLength(1);

  // Once its photos are processed and the log was seen online, their thumbnails are read offline too.
  await expect
    .poll(
      async () => {
        const fresh = await (await page.request.get('/api/daily-logs?limit=50', { headers })).json();
        const log = (
          fresh.dailyLogs as Array<{ title: string; attachments: Array<{ status: string }> }>
        ).find((each) => each.title === title);
        return log?.attachments.filter((file) => file.status === 'ready').length;
      },
      { timeout: 30_000 },
    )
    .toBe(3);
  await page.goto(logsUrl);
  const sentCard = page.getByRole('article', { name: title });
  await expect.poll(() => shownThumbnails(sentCard), { timeout: 20_000 }).toBe(3);
  // The service worker keeps them, by their address without the short-lived token (the browser's own
  // cache would let them go after five minutes).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = await (await caches.open('trowel-thumbnails')).keys();
        return kept.filter((request) => !request.url.includes('token=')).length;
      }),
    )
    .toBeGreaterThanOrEqual(3);
  // The list as shown (with its thumbnails' links) is the one kept on the phone.
  await expect
    .poll(async () =>
      (await persistedQueries(page)).some(
        (query) => query.answer.includes(title) && query.answer.includes('variant=thumbnail_jpg'),
      ),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect.poll(() => shownThumbnails(page.getByRole('article', { name: title }))).toBe(3);
  await context.setOffline(false);
});

test('a session that ended while offline pauses the outbox until the person signs in again, then it is sent once', async ({
  page,
  context,
}) => {
  const note = `Formwork plywood ${Date.now().toString(36)}`;
  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/material-requests');
  await page.getByRole('button', { name: 'New Request' }).click();
  await expect(page.getByLabel('Project').first()).toContainText(PROJECT);

  await context.setOffline(true);
  await page.getByLabel('Project').first().selectOption({ label: PROJECT });
  await page.getByLabel('Item 1 name').fill('Plywood 18 mm');
  await page.getByLabel('Item 1 quantity').fill('30');
  await page.getByLabel('Notes').fill(note);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  // Meanwhile the session ends (signed out elsewhere, or expired).
  const token = await apiToken(page);
  const ended = await page.request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ended.ok()).toBe(true);

  // Back online: the first attempt meets 401, the app asks to sign in, the request waits.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.team_member);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/material-requests/);
  await expect(page.getByTestId('outbox-count')).toBeHidden();

  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const requests = await (await page.request.get('/api/material-requests?limit=50', { headers })).json();
  const sent = (requests.materialRequests as Array<{ notes: string }>).filter(
    (request) => request.notes === note,
  );
  expect(sent).toHaveLength(1);
});

test('a task’s progress set offline in the phase editor is saved once the network is back', async ({
  page,
  context,
  request,
}) => {
  const phaseName = `Plastering ${Date.now().toString(36)}`;
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const projects = await (
    await request.get(`/api/projects?search=${encodeURIComponent(PROJECT)}`, { headers })
  ).json();
  const projectId = (projects.projects as Array<{ id: string; title: string }>).find(
    (project) => project.title === PROJECT,
  )!.id;
  const phase = await (
    await request.post(`/api/projects/${projectId}/phases`, { headers, data: { name: phaseName } })
  ).json();
  const phaseId = (phase.phase as { id: string }).id;
  const created = await request.post(`/api/projects/${projectId}/phases/${phaseId}/tasks`, {
    headers,
    data: { name: 'Ground floor walls', assignedTo: 'Yusuf Abdullahi' },
  });
  expect(created.status()).toBe(201);

  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, `/projects/${projectId}/phases/${phaseName}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: phaseName, exact: true })).toBeVisible();
  // Saving goes back to the project's page: offline, its code comes from the installed app's cache.
  await untilInstalled(page);
  await expect(page.getByRole('heading', { level: 1, name: phaseName, exact: true })).toBeVisible();

  await context.setOffline(true);
  await page.getByLabel('Progress', { exact: true }).selectOption({ label: '75%' });
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText(OUTBOX_MESSAGES.queued).first()).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-count')).toBeHidden();
  const detail = await (await request.get(`/api/projects/${projectId}`, { headers })).json();
  const saved = (detail.project.phases as Array<{ id: string; tasks: Array<{ progress: number }> }>).find(
    (each) => each.id === phaseId,
  );
  expect(saved?.tasks[0]?.progress).toBe(75);
});
