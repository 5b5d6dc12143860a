import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { TOKEN_STORAGE_KEY } from '@trowel/shared/auth/session-token.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNTS, signIn } from './support.ts';

const PROJECT = 'Lekki Pearl Apartments';
const VIDEO_BYTES = 50 * 1024 * 1024;

/**
 * A 50 MB site video: one second of a real clip, then an MP4 `free` box of padding (players and the
 * server's ffmpeg skip it), so the server can process it without minutes of transcoding.
 */
async function siteVideo(path: string) {
  const clip = `${path}.clip.mp4`;
  await promisify(execFile)(ffmpeg.path, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10', '-t', '1'],
    ...['-pix_fmt', 'yuv420p', clip],
  ]);
  const movie = await readFile(clip);
  const padding = Buffer.alloc(VIDEO_BYTES - movie.length);
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  await writeFile(path, Buffer.concat([movie, padding]));
}

async function apiHeaders(page: Page) {
  const token = await page.evaluate((key) => window.localStorage.getItem(key) ?? '', TOKEN_STORAGE_KEY);
  return { authorization: `Bearer ${token}` };
}

// The outbox's requests go straight to the network, where the test cuts them.
test.use({ serviceWorkers: 'block' });

test('a 50 MB video whose sending is cut half-way goes on from where the server holds it, and the log arrives once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const title = `Pour video ${Date.now().toString(36)}`;
  const video = test.info().outputPath('pour.mp4');
  await siteVideo(video);

  // The Outbox screen's code is loaded online (no service worker here to serve it offline).
  await signIn(page, DEMO_ACCOUNTS.team_member, undefined, '/outbox');
  await expect(page.getByText(OUTBOX_MESSAGES.empty)).toBeVisible();
  await page.getByRole('link', { name: 'Daily Log' }).first().click();
  await page.getByLabel('Project', { exact: true }).selectOption({ label: PROJECT });
  await expect(page).toHaveURL(/projectId=/);

  // Written without a network: the log and its video wait in the outbox.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add Log', exact: true }).click();
  const form = page.getByRole('form', { name: 'Add Daily Log' });
  await form.getByLabel('Project', { exact: true }).selectOption({ label: PROJECT });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('The slab pour, from the pump.');
  await form.getByLabel('Attach files').setInputFiles(video);
  await form.getByRole('button', { name: 'Save Log' }).click();
  await expect(page.getByText(OUTBOX_MESSAGES.queued).first()).toBeVisible();
  await page.getByRole('link', { name: 'Outbox, 1 not sent' }).click();
  const item = page.getByRole('list', { name: 'Outbox items' }).getByRole('listitem');

  // Half-way through, the network goes: the part on its way is lost, the parts before it are kept.
  const starts: string[] = [];
  const parts: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/uploads')) starts.push(request.url());
    if (request.method() === 'PATCH') parts.push(Number(request.headers()['upload-offset']));
  });
  let uploadPath = '';
  let cutAt = -1;
  await page.route('**/api/uploads/*', async (route) => {
    const request = route.request();
    const offset = Number(request.headers()['upload-offset']);
    if (cutAt < 0 && request.method() === 'PATCH' && offset >= VIDEO_BYTES / 2) {
      uploadPath = new URL(request.url()).pathname;
      cutAt = offset;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  await context.setOffline(false);
  await expect(item.getByText(OUTBOX_MESSAGES.noNetwork)).toBeVisible({ timeout: 60_000 });
  await expect(item.getByText('Waiting')).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });
  const held = await (await page.request.get(uploadPath, { headers: await apiHeaders(page) })).json();
  expect(held.upload.offset).toBe(cutAt);
  expect(cutAt).toBeGreaterThanOrEqual(VIDEO_BYTES / 2);
  const partsBeforeCut = parts.length;

  // Back online: the rest is sent from the server's offset, and the log is created with the video.
  await context.setOffline(false);
  await expect(item.getByText('Sent', { exact: true })).toBeVisible({ timeout: 90_000 });
  const resumed = parts.slice(partsBeforeCut);
  expect(resumed[0], 'the first part after the cut starts where the server held').toBe(cutAt);
  expect(Math.min(...resumed)).toBe(cutAt);
  expect(starts, 'one upload session, never started again').toHaveLength(1);

  const headers = await apiHeaders(page);
  const logs = await (await page.request.get('/api/daily-logs?limit=50', { headers })).json();
  const sent = (
    logs.dailyLogs as Array<{ title: string; attachments: Array<{ size: number; mimeType: string }> }>
  ).filter((log) => log.title === title);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.attachments).toEqual([
    expect.objectContaining({ size: VIDEO_BYTES, mimeType: 'video/mp4' }),
  ]);
  // Its session was taken by the log.
  expect((await page.request.get(uploadPath, { headers })).status()).toBe(404);
});
