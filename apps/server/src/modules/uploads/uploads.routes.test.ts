import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OPEN_UPLOADS,
  UPLOAD_PART_TYPE,
  type UploadSessionDto,
} from '@trowel/shared/files/upload-session.schemas.ts';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { removeAbandonedUploads } from '../../files/upload-sessions.ts';

let server: TestServer;
let engineer: TestUser, other: TestUser, lead: TestUser, client: TestUser;
let project: ProjectFixture;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  [engineer, other, lead, client] = await Promise.all([
    server.user('team_member'),
    server.user('team_member'),
    server.user('project_lead'),
    server.user('client'),
  ]);
  project = await makeProject(server, { lead, client, assignee: engineer, team: [engineer] });
  // A noisy photo of a few hundred kilobytes, so it comes in several parts.
  const noise = Buffer.alloc(400 * 300 * 3);
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919) % 251;
  photo = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
});
afterAll(() => server.stop());

const partsDir = (id: string) => path.join(server.dataDir, 'uploads', id);

async function start(who: TestUser, size = photo.length, fileName = 'slab.jpg', key?: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...who.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { fileName, size },
  });
}

async function started(who: TestUser = engineer, size?: number, fileName?: string) {
  const response = await start(who, size, fileName);
  expect(response.statusCode).toBe(201);
  return response.json<{ upload: UploadSessionDto }>().upload;
}

function send(
  who: TestUser,
  id: string,
  offset: number | string | null,
  body: Buffer | Readable,
  type = UPLOAD_PART_TYPE,
) {
  return server.app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: {
      ...who.auth,
      'content-type': type,
      ...(offset === null ? {} : { 'upload-offset': String(offset) }),
    },
    payload: body,
  });
}

const state = (who: TestUser, id: string) =>
  server.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: who.auth });

function postLog(who: TestUser, uploads: string[], title = 'Slab poured') {
  return server.app.inject({
    method: 'POST',
    url: '/api/daily-logs',
    headers: who.auth,
    payload: { projectId: project.id, title, message: 'From the basement', uploads },
  });
}

/**
 * A part announced whole of which only `bytes` are sent before the connection breaks, as a phone
 * losing its signal mid-part (over a real socket: an injected request cannot be cut).
 */
async function sendCut(who: TestUser, id: string, offset: number, announced: number, bytes: Buffer) {
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const request = http.request(`${address}/api/uploads/${id}`, {
    method: 'PATCH',
    headers: {
      ...who.auth,
      'content-type': UPLOAD_PART_TYPE,
      'upload-offset': String(offset),
      'content-length': String(announced),
    },
  });
  request.on('error', () => undefined);
  await new Promise<void>((resolve) => request.write(bytes, () => resolve()));
  // The connection drops once the server holds what was sent, as a phone's would after sending it.
  await expect.poll(() => bytesOnDisk(id), { timeout: 10_000 }).toBe(offset + bytes.length);
  request.destroy();
}

/** What the server has written of an upload's parts so far. */
function bytesOnDisk(id: string): number {
  const dir = partsDir(id);
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

describe('a large file in parts', () => {
  it('resumes from the offset the server holds and attaches the whole file once', async () => {
    const upload = await started();
    expect(upload).toMatchObject({ offset: 0, size: photo.length, complete: false });

    const third = Math.floor(photo.length / 3);
    const first = await send(engineer, upload.id, 0, photo.subarray(0, third));
    expect(first.statusCode).toBe(200);
    expect(first.json().upload.offset).toBe(third);
    expect(first.headers['upload-offset']).toBe(String(third));

    // The next part is cut off half-way: what arrived is kept, and the offset says so.
    const half = Math.floor(third / 2);
    await sendCut(engineer, upload.id, third, third, photo.subarray(third, third + half));
    await expect
      .poll(async () => (await state(engineer, upload.id)).json<{ upload: UploadSessionDto }>().upload.offset)
      .toBe(third + half);
    const resumed = (await state(engineer, upload.id)).json<{ upload: UploadSessionDto }>().upload;

    const rest = await send(engineer, upload.id, resumed.offset, photo.subarray(resumed.offset));
    expect(rest.statusCode).toBe(200);
    expect(rest.json().upload).toMatchObject({ offset: photo.length, complete: true });
    expect(fs.existsSync(partsDir(upload.id))).toBe(false);

    const log = await postLog(engineer, [upload.id]);
    expect(log.statusCode).toBe(201);
    const [attachment] = log.json().dailyLog.attachments;
    expect(attachment).toMatchObject({
      originalName: 'slab.jpg',
      mimeType: 'image/jpeg',
      size: photo.length,
    });
    const stored = await server.ctx.storage.get(`uploads/${upload.id}`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(photo)).toBe(true);

    // Taken by the log: it cannot be attached a second time, nor found.
    expect((await postLog(engineer, [upload.id], 'Again')).statusCode).toBe(404);
    expect((await state(engineer, upload.id)).statusCode).toBe(404);
  });

  it('sits among the files sent with the create, in the order they were chosen', async () => {
    const upload = await started();
    expect((await send(engineer, upload.id, 0, photo)).json().upload.complete).toBe(true);
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    // The upload's field between the two files.
    const boundary = 'between-the-files';
    const part = (disposition: string, content: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`),
        Buffer.from(content),
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([
      part('name="projectId"', project.id),
      part('name="title"', 'In order'),
      part('name="message"', 'Three files'),
      part('name="files"; filename="first.png"', small),
      part('name="uploads"', upload.id),
      part('name="files"; filename="third.png"', small),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/daily-logs',
      headers: { ...engineer.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const names = (response.json().dailyLog.attachments as Array<{ originalName: string }>).map(
      (file) => file.originalName,
    );
    expect(names).toEqual(['first.png', 'slab.jpg', 'third.png']);
  });

  it('starts one session per Idempotency-Key, however often the start is sent', async () => {
    const key = `start-${Date.now()}`;
    const first = await start(engineer, 1000, 'a.jpg', key);
    const again = await start(engineer, 1000, 'a.jpg', key);
    expect(again.json().upload.id).toBe(first.json().upload.id);
  });

  it('answers a repeated last part with the finished upload, not a second copy', async () => {
    const upload = await started();
    await send(engineer, upload.id, 0, photo);
    const repeated = await send(engineer, upload.id, photo.length, Buffer.alloc(0));
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().upload.complete).toBe(true);
  });
});

describe('what is refused', () => {
  it('answers 404 to anyone but the uploader, before reading a part, and changes nothing', async () => {
    const upload = await started();
    await send(engineer, upload.id, 0, photo.subarray(0, 1000));
    expect((await state(other, upload.id)).statusCode).toBe(404);
    const foreign = await send(other, upload.id, 1000, photo.subarray(1000, 2000));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('UPLOAD_NOT_FOUND');
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${upload.id}`,
      headers: other.auth,
    });
    expect(removed.statusCode).toBe(404);
    expect((await state(engineer, upload.id)).json().upload.offset).toBe(1000);
    expect((await state(engineer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers 409 with the server’s offset to a part that does not start there', async () => {
    const upload = await started();
    await send(engineer, upload.id, 0, photo.subarray(0, 1000));
    for (const offset of [0, 500, 2000]) {
      const response = await send(engineer, upload.id, offset, photo.subarray(offset, offset + 100));
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('UPLOAD_OFFSET_MISMATCH');
      expect(response.headers['upload-offset']).toBe('1000');
    }
    expect((await state(engineer, upload.id)).json().upload.offset).toBe(1000);
  });

  it('answers 400 without a readable offset, 415 for another body type, 413 past the size', async () => {
    const upload = await started();
    for (const offset of [null, '', '-1', 'ten', '1.5']) {
      const response = await send(engineer, upload.id, offset, photo.subarray(0, 10));
      expect(response.statusCode, String(offset)).toBe(400);
    }
    const json = await send(engineer, upload.id, 0, Buffer.from('{"a":1}'), 'application/json');
    expect(json.statusCode).toBe(415);
    const tooLong = await send(engineer, upload.id, 0, Buffer.concat([photo, Buffer.alloc(10)]));
    expect(tooLong.statusCode).toBe(413);
    expect((await state(engineer, upload.id)).json().upload.offset).toBe(0);
  });

  it('refuses a start beyond the video limit or without a name', async () => {
    expect((await start(engineer, 600 * 1024 * 1024)).statusCode).toBe(400);
    expect((await start(engineer, 0)).statusCode).toBe(400);
    expect((await start(engineer, 100, '')).statusCode).toBe(400);
  });

  it('refuses a file whose first bytes are not an accepted type, and forgets it', async () => {
    const upload = await started(engineer, 200, 'tool.exe');
    const response = await send(
      engineer,
      upload.id,
      0,
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(198, 1)]),
    );
    expect(response.statusCode).toBe(415);
    expect((await state(engineer, upload.id)).statusCode).toBe(404);
  });

  it('answers 409 to a create naming an upload still arriving, and 400 to an id that is not one', async () => {
    const upload = await started();
    await send(engineer, upload.id, 0, photo.subarray(0, 1000));
    const early = await postLog(engineer, [upload.id]);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('UPLOAD_INCOMPLETE');
    expect((await postLog(engineer, ['not-an-id'])).statusCode).toBe(400);
    // Still there to finish.
    expect((await state(engineer, upload.id)).json().upload.offset).toBe(1000);
  });

  it('answers 404 to a create naming someone else’s finished upload', async () => {
    const upload = await started(other);
    await send(other, upload.id, 0, photo);
    expect((await postLog(engineer, [upload.id])).statusCode).toBe(404);
  });

  it('holds at most a few unfinished uploads per person', async () => {
    const person = await server.user('team_member');
    for (let index = 0; index < MAX_OPEN_UPLOADS; index++) await started(person, 100);
    const over = await start(person, 100);
    expect(over.statusCode).toBe(409);
  });
});

describe('abandoned uploads', () => {
  it('expire, and the clean-up removes their parts and stored file', async () => {
    const unfinished = await started();
    await send(engineer, unfinished.id, 0, photo.subarray(0, 1000));
    const finished = await started();
    await send(engineer, finished.id, 0, photo);
    expect(fs.existsSync(partsDir(unfinished.id))).toBe(true);
    await server.ctx.db.execute(
      sql`update upload_sessions set touched_at = now() - interval '4 days' where id in (${unfinished.id}, ${finished.id})`,
    );
    expect((await state(engineer, unfinished.id)).statusCode).toBe(404);

    await removeAbandonedUploads(server.ctx);
    expect(fs.existsSync(partsDir(unfinished.id))).toBe(false);
    expect(await server.ctx.storage.stat(`uploads/${finished.id}`)).toBeNull();
  });

  it('go when discarded by their owner', async () => {
    const upload = await started();
    await send(engineer, upload.id, 0, photo.subarray(0, 1000));
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${upload.id}`,
      headers: engineer.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(fs.existsSync(partsDir(upload.id))).toBe(false);
  });
});
