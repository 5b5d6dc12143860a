import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { multipart, type FormFile } from '../../../test/multipart.ts';

let server: TestServer;
let engineer: TestUser, otherEngineer: TestUser, manager: TestUser, lead: TestUser, client: TestUser;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer();
  [engineer, otherEngineer, manager, lead, client] = await Promise.all([
    server.user('team_member'),
    server.user('team_member'),
    server.user('project_manager'),
    server.user('project_lead'),
    server.user('client'),
  ]);
  project = await makeProject(server, { lead, client });
});
afterAll(() => server.stop());

const image = async (name: string, width = 800, height = 600): Promise<FormFile> => ({
  name,
  type: 'image/jpeg',
  content: await sharp({ create: { width, height, channels: 3, background: '#0ea5e9' } })
    .jpeg()
    .toBuffer(),
});

function upload(
  who: TestUser,
  files: FormFile[],
  fields: Record<string, string> = {},
  route = 'upload-batch',
) {
  const form = multipart(files, route === 'upload-batch' ? 'files' : 'file', {
    projectId: project.id,
    description: 'Level 3 columns',
    ...fields,
  });
  return server.app.inject({
    method: 'POST',
    url: `/api/media/${route}`,
    headers: { ...who.auth, 'content-type': form.contentType },
    payload: form.payload,
  });
}

const get = (url: string, who?: TestUser) =>
  server.app.inject({ method: 'GET', url, ...(who ? { headers: who.auth } : {}) });

describe('media', () => {
  it('a batch of images answers processing ids, then reaches ready with every variant', async () => {
    const response = await upload(engineer, [
      await image('a.jpg'),
      await image('b.jpg'),
      await image('c.jpg'),
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const { processingResults, media } = response.json();
    expect(processingResults).toHaveLength(3);
    expect(media.every((item: { status: string }) => item.status === 'processing')).toBe(true);
    const status = await get(`/api/media/status/${processingResults[0].processingId}`, engineer);
    expect(status.statusCode).toBe(200);
    expect(['processing', 'completed']).toContain(status.json().status);
    expect(
      (await get(`/api/media/status/${processingResults[0].processingId}`, otherEngineer)).statusCode,
    ).toBe(404);

    await server.worker!.drain();
    for (const result of processingResults) {
      expect((await get(`/api/media/status/${result.processingId}`, engineer)).json().status).toBe(
        'completed',
      );
    }
    const listed = (await get(`/api/media/project/${project.id}?type=image`, engineer)).json();
    expect(listed.pagination.totalItems).toBe(3);
    for (const item of listed.media) {
      expect(item).toMatchObject({
        status: 'ready',
        type: 'image',
        description: 'Level 3 columns',
        isClientVisible: false,
        uploaderName: engineer.name,
        canDelete: true,
      });
      expect(Object.keys(item.variants).sort()).toEqual([
        'medium_jpg',
        'medium_webp',
        'thumbnail_jpg',
        'thumbnail_webp',
      ]);
      const thumbnail = await get(item.variants.thumbnail_jpg);
      expect(thumbnail.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(thumbnail.rawPayload).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(320);
    }
    const variants = (await get(`/api/media/${listed.media[0].id}/variants`, engineer)).json();
    expect(Object.keys(variants.variants)).toHaveLength(4);
  });

  it('views with a file token or a session, never without either', async () => {
    const [item] = (await upload(engineer, [await image('view.jpg')])).json().media;
    expect((await get(item.viewUrl)).statusCode).toBe(200);
    expect((await get(`/api/media/${item.id}/view`)).statusCode).toBe(401);
    expect((await get(`/api/media/${item.id}/view?token=forged.token`)).statusCode).toBe(401);
    expect((await get(`/api/media/${item.id}/view`, engineer)).statusCode).toBe(200);
    const download = await get(item.downloadUrl);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="view.jpg"/);
    expect((await server.app.inject({ method: 'HEAD', url: item.viewUrl })).statusCode).toBe(200);
  });

  it('shows clients only client-visible media of their projects; they cannot upload or delete', async () => {
    const shared = (await upload(engineer, [await image('shared.jpg')], { isClientVisible: 'true' })).json()
      .media[0];
    const hidden = (await upload(engineer, [await image('hidden.jpg')])).json().media[0];
    const seen = (await get('/api/media?limit=100', client)).json();
    const names = seen.media.map((item: { originalName: string }) => item.originalName);
    expect(names).toContain('shared.jpg');
    expect(names).not.toContain('hidden.jpg');
    expect(seen.pagination.totalItems).toBe(seen.media.length);
    expect((await get(`/api/media/${hidden.id}/view`, client)).statusCode).toBe(404);
    expect((await get(`/api/media/${shared.id}/view`, client)).statusCode).toBe(200);
    expect((await upload(client, [await image('mine.jpg')])).statusCode).toBe(403);
    const deletion = await server.app.inject({
      method: 'DELETE',
      url: `/api/media/${shared.id}`,
      headers: client.auth,
    });
    expect(deletion.statusCode).toBe(403);
    const stranger = await server.user('client');
    expect((await get(`/api/media/project/${project.id}`, stranger)).statusCode).toBe(404);
    expect((await get('/api/media', stranger)).json().media).toEqual([]);
  });

  it('lets the uploader, admin and project manager delete, nobody else, and removes the files', async () => {
    const [item] = (await upload(engineer, [await image('delete-me.jpg')])).json().media;
    await server.worker!.drain();
    const row = await server.ctx.attachments.find(item.id);
    const keys = [row!.storageKey, ...Object.values(row!.variants)];
    const del = (who: TestUser) =>
      server.app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: who.auth });
    expect((await del(otherEngineer)).statusCode).toBe(403);
    expect((await del(lead)).statusCode).toBe(403);
    expect((await del(manager)).statusCode).toBe(200);
    expect(await Promise.all(keys.map((key) => server.ctx.storage.stat(key)))).toEqual(keys.map(() => null));
    const [own] = (await upload(otherEngineer, [await image('own.jpg')])).json().media;
    expect(
      (
        await server.app.inject({
          method: 'DELETE',
          url: `/api/media/${own.id}`,
          headers: otherEngineer.auth,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses no files, a missing project, too many files and content that is not allowed', async () => {
    const none = await upload(engineer, []);
    expect(none.json().error).toBe('No files selected: Please select at least one file to upload.');
    const noProject = await upload(engineer, [await image('x.jpg')], { projectId: '' });
    expect(noProject.json().error).toBe('Project not selected: Please select a project for the media.');
    const six = await upload(
      engineer,
      await Promise.all(Array.from({ length: 6 }, (_, i) => image(`${i}.jpg`, 40, 30))),
    );
    expect(six.statusCode).toBe(413);
    const two = await upload(
      engineer,
      [await image('1.jpg', 40, 30), await image('2.jpg', 40, 30)],
      {},
      'upload',
    );
    expect(two.statusCode).toBe(413);
    const html = await upload(engineer, [
      {
        name: 'page.jpg',
        type: 'image/jpeg',
        content: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array(64).fill(0)]),
      },
    ]);
    expect(html.statusCode).toBe(415);
  });

  it('refuses a text file named .jpg, and serves text (HTML included) only as a download', async () => {
    const before = await server.ctx.attachments.countProcessing();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await upload(engineer, [{ name: 'fake.jpg', type: 'image/jpeg', content: html }]);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error).toBe('File type not allowed: fake.jpg');
    expect(await server.ctx.attachments.countProcessing()).toBe(before);

    const [item] = (await upload(engineer, [{ name: 'page.html', type: 'text/html', content: html }])).json()
      .media;
    expect(item.type).toBe('document');
    await server.worker!.drain();
    const view = await get(item.viewUrl);
    expect(view.headers['content-type']).toBe('application/octet-stream');
    expect(view.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('ends a corrupt image as failed with a reason', async () => {
    const good = (await image('broken.jpg')).content;
    const corrupt = Buffer.concat([good.subarray(0, 200), Buffer.alloc(4000, 0x11)]);
    const { processingResults, media } = (
      await upload(engineer, [{ name: 'broken.jpg', type: 'image/jpeg', content: corrupt }])
    ).json();
    await server.worker!.drain();
    const status = (await get(`/api/media/status/${processingResults[0].processingId}`, engineer)).json();
    expect(status).toMatchObject({ status: 'completed', failed: true });
    expect(status.error).toMatch(/broken\.jpg/);
    const [item] = (await get(`/api/media/project/${project.id}?limit=100`, engineer))
      .json()
      .media.filter((entry: { id: string }) => entry.id === media[0].id);
    expect(item).toMatchObject({ status: 'failed', variants: {} });
    expect(item.failureReason).toBeTruthy();
  });
});
