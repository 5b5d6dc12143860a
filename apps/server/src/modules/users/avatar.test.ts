import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';
import type { JobRow } from '../../db/schema.ts';
import { avatarJobFailed, avatarKey } from './avatar.service.ts';

let server: TestServer;
let member: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  member = await server.user('team_member');
});
afterAll(() => server.stop());

function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = '----trowel' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  user: TestUser,
  targetId: string,
  filename: string,
  type: string,
  content: Buffer,
  field = 'avatar',
) {
  const form = multipart(field, filename, type, content);
  return server.app.inject({
    method: 'POST',
    url: `/api/users/${targetId}/avatar`,
    headers: { ...user.auth, 'content-type': form.contentType },
    payload: form.body,
  });
}

async function waitForStatus(user: TestUser, processingId: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/media/status/${processingId}`,
      headers: user.auth,
    });
    const body = response.json();
    if (body.status !== 'processing') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('still processing');
}

describe('POST /api/users/:id/avatar', () => {
  it('accepts an image, answers 202 with a processing id, then serves a 256 px WebP avatar', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    const listed = async () => {
      const url = `/api/users/staff?search=${encodeURIComponent(member.email)}`;
      const page = await server.app.inject({ method: 'GET', url, headers: member.auth });
      return page.json().users[0]?.avatar as string | null | undefined;
    };
    expect(await listed()).toBeNull();
    const response = await upload(member, member.id, 'me.jpg', 'image/jpeg', photo);
    expect(response.statusCode).toBe(202);
    const { processingId, status } = response.json();
    expect(status).toBe('processing');
    const done = await waitForStatus(member, processingId);
    expect(done.status).toBe('completed');
    expect(done.avatar).toMatch(/^\/api\/avatars\/.+\.webp$/);
    const me = (await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.auth })).json();
    expect(me.user.avatar).toBe(done.avatar);
    // The kept page of the staff list follows the new avatar.
    expect(await listed()).toBe(done.avatar);
    const image = await server.app.inject({ method: 'GET', url: done.avatar });
    expect(image.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(image.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
  });

  it('refuses a text file named .jpg with 415', async () => {
    const response = await upload(
      member,
      member.id,
      'cat.jpg',
      'image/jpeg',
      Buffer.from('just some text, not an image'),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/Invalid file type/);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(member, member.id, 'big.jpg', 'image/jpeg', big);
    expect(response.statusCode).toBe(413);
  });

  it('fails processing with a reason for a corrupt image', async () => {
    const corrupt = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ]);
    const response = await upload(member, member.id, 'broken.png', 'image/png', corrupt);
    expect(response.statusCode).toBe(202);
    const done = await waitForStatus(member, response.json().processingId);
    expect(done).toMatchObject({ status: 'completed', failed: true });
    expect(done.error).toMatch(/not a valid image/);
  });

  it('lets only the user or a manager change an avatar, and hides others’ processing status', async () => {
    const other = await server.user('architect');
    const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(other, member.id, 'x.png', 'image/png', photo)).statusCode).toBe(403);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await upload(other, nobody, 'x.png', 'image/png', photo)).statusCode).toBe(403);
    const manager = await server.user('admin');
    expect((await upload(manager, nobody, 'x.png', 'image/png', photo)).statusCode).toBe(404);
    const mine = await upload(member, member.id, 'x.png', 'image/png', photo);
    const status = await server.app.inject({
      method: 'GET',
      url: `/api/media/status/${mine.json().processingId}`,
      headers: other.auth,
    });
    expect(status.statusCode).toBe(404);
  });

  it('requires the avatar field', async () => {
    const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(member, member.id, 'x.png', 'image/png', photo, 'file')).statusCode).toBe(400);
  });

  it('removes the uploaded original when its job gives up', async () => {
    const key = avatarKey(member.id, 'upload-given-up');
    await server.ctx.storage.put(key, Readable.from(Buffer.from('original')));
    expect(await server.ctx.storage.stat(key)).not.toBeNull();
    await avatarJobFailed(server.ctx, { payload: { userId: member.id, key } } as unknown as JobRow);
    expect(await server.ctx.storage.stat(key)).toBeNull();
  });
});
