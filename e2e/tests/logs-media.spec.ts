import type { Locator, Page } from '@playwright/test';
import { DELETED_MESSAGE } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import sharp from 'sharp';
import { DEMO_ACCOUNTS, signIn } from './support.ts';
import { expect, test } from './fixtures.ts';

const stamp = Date.now().toString(36);
/** A demo project of the demo client, with the demo engineer on its team. */
const PROJECT = 'Lekki Pearl Apartments';
const ENGINEER = 'Yusuf Abdullahi';
const CLIENT = 'Olumide Balogun';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

const drawn = new Map<string, Promise<Buffer>>();

/**
 * A PNG drawn here: a gradient with a disc. Large interlaced ones must be decoded whole by the server,
 * which keeps them in processing long enough for the list to show it. Each is drawn once per worker
 * (a 6000 × 4000 one costs over a second of CPU): the desktop and phone tests upload the same pictures.
 */
function sitePhoto(width: number, height: number, colour: string): Promise<Buffer> {
  const key = `${width}x${height}${colour}`;
  if (!drawn.has(key)) drawn.set(key, drawPhoto(width, height, colour));
  return drawn.get(key)!;
}

async function drawPhoto(width: number, height: number, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1e3a5f"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png({ progressive: true }).toBuffer();
}

/** Waits until the image has a picture, answering its natural width. */
async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth);
}

/** The viewer overlay of `name` zooms from 100% to 125% and turns a quarter, then closes. */
async function zoomAndRotate(page: Page, name: string, variant: RegExp) {
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer).toBeVisible();
  const image = viewer.getByRole('img', { name });
  await expect(image).toHaveAttribute('src', variant);
  await expectLoaded(image);
  await expect(viewer.getByText('100%')).toBeVisible();
  await expect(image).toHaveAttribute('style', /scale\(1\) rotate\(0deg\)/);
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('125%')).toBeVisible();
  await expect(image).toHaveAttribute('style', /scale\(1\.25\) rotate\(0deg\)/);
  await viewer.getByRole('button', { name: 'Rotate' }).click();
  await expect(image).toHaveAttribute('style', /scale\(1\.25\) rotate\(90deg\)/);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
}

const logCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** Opens /daily-log showing only the demo project's logs. */
async function openProjectLogs(page: Page) {
  await page.goto('/daily-log');
  await page.getByLabel('Project', { exact: true }).selectOption({ label: PROJECT });
  await expect(page).toHaveURL(/projectId=/);
}

async function replyTo(thread: Locator, answering: string, text: string) {
  await thread.getByRole('button', { name: 'Reply', exact: true }).first().click();
  await thread.getByLabel(`Reply to ${answering}`).fill(text);
  // The floating scroll-to-top button steps aside while a reply is being written.
  await expect(thread.page().getByRole('button', { name: 'Scroll to top' })).toBeHidden();
  await thread.getByRole('button', { name: 'Post Reply' }).click();
}

async function confirmDelete(page: Page, title: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toContainText('Are you sure you want to delete this message?');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('seeded replies show their authors’ roles, as new ones do', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.client);
  await openProjectLogs(page);
  const card = logCard(page, 'Third floor slab cast');
  await expect(card.getByRole('article', { name: `Reply by ${CLIENT}` }).first()).toContainText('· Client');
  await expect(card.getByRole('article', { name: 'Reply by Emeka Nwosu' })).toContainText('· Project Lead');
});

test.describe.serial('daily logs on a 360 px phone: visibility, nested replies and deletion', () => {
  const HIDDEN = {
    title: `Rebar inspection ${stamp}`,
    message: 'Fourth floor rebar checked before the pour.',
  };
  const SHARED = { title: `Slab poured ${stamp}`, message: 'Fourth floor slab cast; curing for seven days.' };
  const PHOTO = `rebar-${stamp}.png`;
  const SHARED_PHOTO = `slab-${stamp}.png`;
  const CLIENT_REPLY = `Good news. When can I visit? ${stamp}`;
  const ENGINEER_REPLY = `Saturday at ten works. ${stamp}`;

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  /** Fills the Add Daily Log form, with one photo; Save Log is left to the caller. */
  async function addLog(
    page: Page,
    log: { title: string; message: string },
    visible: boolean,
    photo: { name: string; buffer: Buffer },
  ) {
    await page.getByRole('button', { name: 'Add Log', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add Daily Log' });
    await form.getByLabel('Project', { exact: true }).selectOption({ label: PROJECT });
    await form.getByLabel('Title', { exact: true }).fill(log.title);
    await form.getByLabel('Description', { exact: true }).fill(log.message);
    const visibility = form.getByRole('switch', { name: 'Visible to client' });
    await expect(visibility).toHaveAttribute('aria-checked', 'false');
    if (visible) {
      await visibility.click();
      await expect(visibility).toHaveAttribute('aria-checked', 'true');
    }
    await form.getByLabel('Attach files').setInputFiles({ ...photo, mimeType: 'image/png' });
    await expect(form.getByRole('list', { name: 'Chosen files' })).toContainText(photo.name);
    return form;
  }

  test('the engineer posts a log with a photo, not shared with the client, and views the photo', async ({
    page,
  }) => {
    await signIn(page, DEMO_ACCOUNTS.team_member);
    await openProjectLogs(page);
    const form = await addLog(page, HIDDEN, false, {
      name: PHOTO,
      buffer: await sitePhoto(96, 64, '#16a34a'),
    });
    await form.getByRole('button', { name: 'Save Log' }).click();
    await expect(form).toBeHidden();

    const log = logCard(page, HIDDEN.title);
    await expect(log).toContainText(HIDDEN.message);
    await expect(log).toContainText(ENGINEER);
    await expect(log).not.toContainText('CLIENT VISIBLE');
    const photo = log.getByRole('button', { name: `View ${PHOTO}` });
    expect(await expectLoaded(photo.locator('img'))).toBeGreaterThan(0);

    await photo.click();
    // Until processing is done the viewer shows the original; afterwards the medium JPEG.
    await zoomAndRotate(page, PHOTO, /\/api\/attachments\/[0-9a-f-]{36}\/view\?token=/);
  });

  test('the engineer posts a second log with a photo, shared with the client', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.team_member);
    await openProjectLogs(page);
    const form = await addLog(page, SHARED, true, {
      name: SHARED_PHOTO,
      buffer: await sitePhoto(120, 80, '#dc2626'),
    });
    await form.getByRole('button', { name: 'Save Log' }).click();
    await expect(form).toBeHidden();
    const log = logCard(page, SHARED.title);
    await expect(log).toContainText('CLIENT VISIBLE');
    expect(
      await expectLoaded(log.getByRole('button', { name: `View ${SHARED_PHOTO}` }).locator('img')),
    ).toBeGreaterThan(0);
    await expect(logCard(page, HIDDEN.title)).not.toContainText('CLIENT VISIBLE');
  });

  test('the client sees only the shared log, with its photo, and replies to it', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.client);
    await openProjectLogs(page);
    const shared = logCard(page, SHARED.title);
    await expect(shared).toContainText(SHARED.message);
    await expect(logCard(page, HIDDEN.title)).toHaveCount(0);
    await expect(page.getByText(HIDDEN.message)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `View ${PHOTO}` })).toHaveCount(0);

    // The shared photo's thumbnail loads for the client (the processed JPEG thumbnail once it is ready).
    const photo = shared.getByRole('button', { name: `View ${SHARED_PHOTO}` });
    const thumbnail = photo.locator('img');
    await expect(thumbnail).toHaveAttribute('src', /\/api\/attachments\/[0-9a-f-]{36}\/view\?token=/);
    expect(await expectLoaded(thumbnail)).toBeGreaterThan(0);
    await photo.click();
    const viewer = page.getByRole('dialog', { name: SHARED_PHOTO });
    expect(await expectLoaded(viewer.getByRole('img', { name: SHARED_PHOTO }))).toBeGreaterThan(0);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Log', exact: true })).toHaveCount(0);
    // Only the author deletes; the client is not the author of the log.
    await expect(shared.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

    await replyTo(shared, ENGINEER, CLIENT_REPLY);
    await expect(shared.getByRole('article', { name: `Reply by ${CLIENT}` })).toContainText(CLIENT_REPLY);
  });

  test('the engineer answers the client’s reply in a nested reply', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.team_member);
    await openProjectLogs(page);
    const clientReply = logCard(page, SHARED.title).getByRole('article', { name: `Reply by ${CLIENT}` });
    await expect(clientReply).toContainText(CLIENT_REPLY);
    // Only its author deletes a reply.
    await expect(clientReply.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await replyTo(clientReply, CLIENT, ENGINEER_REPLY);
    const nested = clientReply.getByRole('article', { name: `Reply by ${ENGINEER}` });
    await expect(nested).toContainText(ENGINEER_REPLY);

    // Saved on the server: the thread is the same after a reload.
    await page.reload();
    await expect(nested).toContainText(ENGINEER_REPLY);
  });

  test('the author deletes his reply and his log after confirming; they read as deleted', async ({
    page,
  }) => {
    await signIn(page, DEMO_ACCOUNTS.team_member);
    await openProjectLogs(page);
    const clientReply = logCard(page, SHARED.title).getByRole('article', { name: `Reply by ${CLIENT}` });
    const nested = clientReply.getByRole('article', { name: `Reply by ${ENGINEER}` });
    await expect(nested).toContainText(ENGINEER_REPLY);

    await nested.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDelete(page, 'Delete Reply');
    await expect(nested).toContainText(DELETED_MESSAGE);
    await expect(nested).not.toContainText(ENGINEER_REPLY);
    await expect(nested.getByRole('button')).toHaveCount(0);

    // A deleted log loses its title, so it is found again by the id its heading carries.
    const hidden = logCard(page, HIDDEN.title);
    const headingId = await hidden.getAttribute('aria-labelledby');
    await hidden.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDelete(page, 'Delete Log');
    const deleted = page.locator(`article[aria-labelledby="${headingId}"]`);
    await expect(deleted.getByRole('heading')).toHaveText(DELETED_MESSAGE);
    await expect(deleted).not.toContainText(HIDDEN.message);
    await expect(deleted.getByRole('button')).toHaveCount(0);

    await page.reload();
    await expect(nested).toContainText(DELETED_MESSAGE);
    await expect(nested.getByRole('button')).toHaveCount(0);
    await expect(deleted.getByRole('heading')).toHaveText(DELETED_MESSAGE);
    await expect(deleted.getByRole('button')).toHaveCount(0);
  });
});

for (const [label, viewport, tag] of [
  ['a desktop', DESKTOP, 'desk'],
  ['a 360 px phone', PHONE, 'phone'],
] as const) {
  test(`on ${label} a batch of three photos shows Processing... then thumbnails, and the viewer zooms and rotates`, async ({
    page,
  }) => {
    // Variants are made at the lowest CPU priority: on a busy machine they wait for idle cycles, up to the
    // screen's own polling limit (PROCESSING_POLL, about a minute).
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const colours = ['#16a34a', '#dc2626', '#2563eb'];
    const files = await Promise.all(
      colours.map(async (colour, index) => ({
        name: `pour-${stamp}-${tag}-${index + 1}.png`,
        mimeType: 'image/png',
        buffer: await sitePhoto(6000, 4000, colour),
      })),
    );
    const description = `Fourth floor slab pour ${stamp} (${tag})`;

    await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/media');
    // The header's button (an empty list offers a second one).
    await page.getByRole('button', { name: 'Upload Media' }).first().click();
    const form = page.getByRole('form', { name: 'Upload Media' });
    await form.getByLabel('Drop files here or tap to choose').setInputFiles(files);
    await expect(form.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(3);
    await form.getByLabel('Project', { exact: true }).selectOption({ label: PROJECT });
    await form.getByLabel('Description', { exact: true }).fill(description);
    await form.getByRole('button', { name: 'Upload 3 Files' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Upload Complete').first()).toBeVisible();
    await expect(page.getByText('Processing 3 files...')).toBeVisible();

    const cards = files.map(({ name }) => page.getByRole('article', { name, exact: true }));
    for (const card of cards) {
      await expect(card).toContainText('Processing...');
      await expect(card).toContainText(description);
      await expect(card).toContainText(ENGINEER);
    }

    // The in-process worker makes the variants; the screen polls, then shows the thumbnails.
    await expect(page.getByText('Processing Complete').first()).toBeVisible({ timeout: 70_000 });
    await expect(page.getByText('Processing 3 files...')).toBeHidden();
    for (const [index, card] of cards.entries()) {
      await expect(card).not.toContainText('Processing...');
      // Card pictures load only near the viewport.
      await card.scrollIntoViewIfNeeded();
      const thumbnail = card.getByRole('button', { name: `View ${files[index]!.name}` }).locator('img');
      await expect(thumbnail).toHaveAttribute('src', /variant=thumbnail_jpg/);
      // The 320 px thumbnail, not the 6000 px original.
      expect(await expectLoaded(thumbnail)).toBeLessThanOrEqual(320);
    }

    await cards[0]!.getByRole('button', { name: `View ${files[0]!.name}` }).click();
    await zoomAndRotate(page, files[0]!.name, /variant=medium_jpg/);
  });
}
