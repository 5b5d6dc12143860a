import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { redactUrl } from './log-redaction.ts';

let server: TestServer;
let admin: TestUser;
const lines: string[] = [];

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  server = await startTestServer({ LOG_LEVEL: 'info' }, undefined, logStream);
  admin = await server.user('admin');
});
afterAll(() => server.stop());

describe('request logs', () => {
  it('redact the values of query parameters that unlock something, and keep the rest', () => {
    expect(redactUrl('/api/attachments/1/view?token=abc.def&inline=1')).toBe(
      '/api/attachments/1/view?token=[redacted]&inline=1',
    );
    expect(redactUrl('/api/projects?access_token=s3cret&search=slab')).toBe(
      '/api/projects?access_token=[redacted]&search=slab',
    );
    expect(redactUrl('/api/x?API%5FKEY=1&page=2')).toBe('/api/x?API%5FKEY=[redacted]&page=2');
    expect(redactUrl('/api/projects')).toBe('/api/projects');
  });

  it('never write a file link token or a session token sent in an address', async () => {
    const fileToken = 'filetoken-7f3a9c2e1b';
    const sessionToken = 'sessiontoken-9a8b7c6d5e';
    await server.app.inject({
      method: 'GET',
      url: `/api/attachments/${crypto.randomUUID()}/view?token=${fileToken}`,
    });
    await server.app.inject({
      method: 'GET',
      url: `/api/projects?access_token=${sessionToken}`,
      headers: admin.auth,
    });
    const written = lines.join('');
    expect(written).toContain('token=[redacted]');
    expect(written).not.toContain(fileToken);
    expect(written).not.toContain(sessionToken);
    expect(written).not.toContain(admin.auth.authorization.slice(7));
  });
});
