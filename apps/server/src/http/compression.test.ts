import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  brotliWindowFor,
  compressBody,
  KeptAnswer,
  MIN_COMPRESSED_BYTES,
  preferredEncoding,
} from './compression.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.user('admin');
  const lead = await server.user('project_lead');
  const client = await server.user('client');
  // Enough people and projects that both lists answer well over 1 KB.
  for (let index = 0; index < 6; index += 1) await server.user('team_member');
  for (let index = 0; index < 4; index += 1) await makeProject(server, { lead, client });
});
afterAll(() => server.stop());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { ...admin.auth, ...headers } });

function decode(encoding: string | undefined, body: Buffer): unknown {
  if (encoding === 'br') return JSON.parse(zlib.brotliDecompressSync(body).toString('utf8'));
  if (encoding === 'gzip') return JSON.parse(zlib.gunzipSync(body).toString('utf8'));
  return JSON.parse(body.toString('utf8'));
}

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['GZIP', 'gzip'],
  ] as const)('Accept-Encoding %j answers %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('JSON answers over 1 KB', () => {
  for (const url of ['/api/users/staff', '/api/projects']) {
    it(`${url}: brotli or gzip when asked, the same JSON either way, and nothing when not asked`, async () => {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
      const expected: unknown = plain.json();

      for (const [header, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await get(url, { 'accept-encoding': header });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode(encoding, response.rawPayload)).toEqual(expected);
      }
    });
  }

  it('a kept page is compressed quickly when first sent, at the kept quality when asked again, then not redone', async () => {
    const sent = [];
    for (let ask = 0; ask < 3; ask++) sent.push(await get('/api/projects', { 'accept-encoding': 'br' }));
    for (const response of sent) expect(response.headers['content-encoding']).toBe('br');
    expect(decode('br', sent[1]!.rawPayload)).toEqual(decode('br', sent[0]!.rawPayload));
    expect(sent[2]!.rawPayload.equals(sent[1]!.rawPayload)).toBe(true);
  });
});

describe('answers left as they are', () => {
  it('small JSON (under 1 KB) goes uncompressed even when brotli is accepted', async () => {
    const response = await get('/api/auth/me', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ success: true });
  });

  it('an error answer under 1 KB goes uncompressed', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/users/staff',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('a kept page over 1 KB: brotli quick at first, at the kept quality when asked again, then kept; gzip kept at once', () => {
    const page = { success: true, items: Array.from({ length: 400 }, (_, index) => `brick ${index % 37}`) };
    const kept = new KeptAnswer(JSON.stringify(page));
    const quick = kept.encodedAs('br')!;
    const better = kept.encodedAs('br')!;
    expect(better).not.toBe(quick);
    expect(better.length).toBeLessThanOrEqual(quick.length);
    expect(quick.equals(compressBody(kept.body, 'br'))).toBe(true);
    expect(better.equals(compressBody(kept.body, 'br', true))).toBe(true);
    expect(kept.encodedAs('br')).toBe(better);
    for (const copy of [quick, better]) expect(decode('br', copy)).toEqual(page);
    const gzip = kept.encodedAs('gzip')!;
    expect(kept.encodedAs('gzip')).toBe(gzip);
    expect(decode('gzip', gzip)).toEqual(page);
  });

  it('a kept page under 1 KB has no compressed copy', () => {
    expect(new KeptAnswer('{"success":true}').encodedAs('br')).toBeNull();
  });
});

describe('brotli sized to the body', () => {
  it('takes the smallest window that holds the whole body, between 1 KB and 16 MB', () => {
    expect(brotliWindowFor(0)).toBe(10);
    expect(brotliWindowFor(1008)).toBe(10);
    expect(brotliWindowFor(1009)).toBe(11);
    expect(brotliWindowFor(120_000)).toBe(17);
    expect(brotliWindowFor(50_000_000)).toBe(24);
    for (const bytes of [1, 1500, 70_000, 1_000_000])
      expect(2 ** brotliWindowFor(bytes) - 16).toBeGreaterThanOrEqual(bytes);
  });

  it('compresses a large page as well as the default window does, at either quality', () => {
    const page = {
      success: true,
      rows: Array.from({ length: 3000 }, (_, index) => ({
        id: index,
        name: `Cement ${index % 17}`,
        bags: index * 3,
      })),
    };
    const body = Buffer.from(JSON.stringify(page));
    for (const [kept, quality] of [
      [false, 2],
      [true, 7],
    ] as const) {
      const sized = compressBody(body, 'br', kept);
      const widest = zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      expect(decode('br', sized)).toEqual(page);
      expect(sized.length).toBeLessThanOrEqual(Math.ceil(widest.length * 1.01));
    }
  });
});
