import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';
import { multipart, type FormFile } from '../../../test/multipart.ts';
import { runTool } from '../../media-processing/run-tool.ts';
import { findVideoTools } from '../../media-processing/video-tools.ts';

let server: TestServer;
let engineer: TestUser, otherEngineer: TestUser, lead: TestUser, client: TestUser, admin: TestUser;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'trowel-media-files-'));
  [engineer, otherEngineer, lead, client, admin] = await Promise.all([
    server.user('team_member'),
    server.user('team_member'),
    server.user('project_lead'),
    server.user('client'),
    server.user('admin'),
  ]);
});
afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Three seconds of a 1920×1080 test pattern with a tone, as a phone would record it (H.264 + AAC). */
async function phoneVideo(): Promise<FormFile> {
  const { ffmpeg } = await findVideoTools();
  const path = join(dir, 'pour.mp4');
  const run = await runTool(
    ffmpeg.path,
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1920x1080:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
    ],
    { timeoutMs: 30_000 },
  );
  if (run.exitCode !== 0) throw new Error(`ffmpeg failed: ${run.stderrTail}`);
  return { name: 'pour.mp4', type: 'video/mp4', content: await readFile(path) };
}

function upload(projectId: string, files: FormFile[], who = engineer, fields: Record<string, string> = {}) {
  const form = multipart(files, 'files', { projectId, description: 'Slab pour', ...fields });
  return server.app.inject({
    method: 'POST',
    url: '/api/media/upload-batch',
    headers: { ...who.auth, 'content-type': form.contentType },
    payload: form.payload,
  });
}

const get = (url: string, who: TestUser) => server.app.inject({ method: 'GET', url, headers: who.auth });

const photo = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('media files', () => {
  it('list pages, kept between changes, follow every upload, processing, rename and deletion', async () => {
    const project = await makeProject(server, { lead, client, team: [engineer, otherEngineer] });
    const list = async (who: TestUser) =>
      (await get(`/api/media/project/${project.id}`, who)).json() as {
        media: Array<{ id: string; status: string; canDelete: boolean; uploaderName: string }>;
        pagination: { totalItems: number };
      };
    expect((await list(engineer)).media).toEqual([]);
    const first = await upload(project.id, [
      { name: 'a.jpg', type: 'image/jpeg', content: await photo('#111') },
    ]);
    const [item] = first.json().media;
    expect((await list(engineer)).media.map((entry) => [entry.id, entry.status])).toEqual([
      [item.id, 'processing'],
    ]);

    await server.worker!.drain();
    expect((await list(engineer)).media[0]).toMatchObject({ status: 'ready', canDelete: true });
    // Another engineer asks for the same page: the item is not theirs to delete.
    expect((await list(otherEngineer)).media[0]).toMatchObject({ id: item.id, canDelete: false });
    expect((await list(admin)).media[0]).toMatchObject({ id: item.id, canDelete: true });
    // The client sees it only once an item is shared.
    expect((await list(client)).media).toEqual([]);
    await upload(
      project.id,
      [{ name: 'b.jpg', type: 'image/jpeg', content: await photo('#222') }],
      engineer,
      {
        isClientVisible: 'true',
      },
    );
    expect((await list(client)).pagination.totalItems).toBe(1);

    const renamed = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${engineer.id}`,
      headers: engineer.auth,
      payload: { name: 'Yusuf Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list(otherEngineer)).media.map((entry) => entry.uploaderName)).toEqual([
      'Yusuf Renamed',
      'Yusuf Renamed',
    ]);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/media/${item.id}`,
      headers: engineer.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(engineer)).media.map((entry) => entry.id)).not.toContain(item.id);
    expect((await list(engineer)).pagination.totalItems).toBe(1);
  });

  it('a 1080p video reaches ready with its poster, duration and a compressed 720p H.264 copy', async () => {
    const project = await makeProject(server, { lead, client, team: [engineer] });
    const answer = await upload(project.id, [await phoneVideo()]);
    expect(answer.statusCode, answer.body).toBe(202);
    const { processingResults, media } = answer.json();
    expect(media[0]).toMatchObject({ type: 'video', status: 'processing' });
    await server.worker!.drain();

    const status = (await get(`/api/media/status/${processingResults[0].processingId}`, engineer)).json();
    expect(status.status).toBe('completed');
    const [item] = (await get(`/api/media/project/${project.id}`, engineer)).json().media;
    expect(item.status).toBe('ready');
    expect(item.duration).toBeCloseTo(3, 0);
    expect(Object.keys(item.variants).sort()).toEqual(['compressed_mp4', 'poster_jpg']);

    const poster = await get(item.variants.poster_jpg, engineer);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const posterSize = await sharp(poster.rawPayload).metadata();
    expect(posterSize.format).toBe('jpeg');
    expect(posterSize.width! / posterSize.height!).toBeCloseTo(16 / 9, 1);

    const compressed = await get(item.variants.compressed_mp4, engineer);
    expect(compressed.headers['content-type']).toBe('video/mp4');
    const { ffprobe } = await findVideoTools();
    const copy = join(dir, 'compressed.mp4');
    await writeFile(copy, compressed.rawPayload);
    const probe = await runTool(
      ffprobe.path,
      ['-v', 'error', '-print_format', 'json', '-show_streams', copy],
      { timeoutMs: 10_000 },
    );
    const streams = JSON.parse(probe.stdout.toString()).streams as Array<{
      codec_type: string;
      codec_name: string;
      height?: number;
    }>;
    const video = streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264' });
    expect(video!.height).toBe(720);
  }, 60_000);

  it('go with their project: deleting the project removes every media file and variant', async () => {
    const project = await makeProject(server, { lead, client, team: [engineer] });
    const answer = await upload(project.id, [
      { name: 'column.jpg', type: 'image/jpeg', content: await photo('#16a34a') },
      { name: 'method.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    expect(answer.statusCode, answer.body).toBe(202);
    await server.worker!.drain();
    const rows = await Promise.all(
      answer.json().media.map((item: { id: string }) => server.ctx.attachments.find(item.id)),
    );
    const keys = rows.flatMap((row) => [row!.storageKey, ...Object.values(row!.variants ?? {})]);
    expect(keys.length).toBeGreaterThan(2);
    expect(await Promise.all(keys.map((key) => server.ctx.storage.stat(key)))).not.toContain(null);

    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(200);
    expect(await Promise.all(keys.map((key) => server.ctx.storage.stat(key)))).toEqual(keys.map(() => null));
    for (const row of rows) expect(await server.ctx.attachments.find(row!.id)).toBeNull();
    expect((await get(`/api/media/${rows[0]!.id}/view`, admin)).statusCode).toBe(404);
  });
});
