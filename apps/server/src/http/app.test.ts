import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loadConfig, ConfigError } from '../config.ts';
import { MissingAccessError, registerAccessControl } from './access.ts';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  server = await startTestServer();
  // A second server that also serves a built web app from a temporary folder.
  webDist = path.join(server.dataDir, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Trowel</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.skipWaiting()');
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Trowel"}');
});
afterAll(() => server.stop());

describe('API conventions', () => {
  it('GET /api/health answers 200 once migrations ran', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, status: 'ok' });
  });

  it('answers 404 in the error model for an unknown /api path', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Malformed JSON in request body',
      code: 'INVALID_JSON',
    });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lets an ordinary HTTP client read the 413 for a 20 MB JSON body, again and again', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(20 * 1024 * 1024) });
    for (const url of ['/api/auth/login', '/api/projects', '/api/auth/login']) {
      const response = await fetch(`${address}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect([413, 401]).toContain(response.status);
      if (url === '/api/auth/login')
        expect(((await response.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      else await response.arrayBuffer();
    }
  });

  it('answers 404 for an id that matches nothing, whatever its shape', async () => {
    const admin = await server.user('admin');
    const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string) =>
      server.app.inject({ method, url, headers: admin.auth, payload: method === 'GET' ? undefined : {} });
    for (const [method, url] of [
      ['GET', '/api/media/status/does-not-exist'],
      ['PUT', '/api/notifications/does-not-exist/read'],
      ['DELETE', '/api/notifications/42'],
      ['GET', '/api/projects/not-a-project'],
      ['GET', '/api/projects/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/daily-logs/xyz'],
      ['GET', '/api/users/%20'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('sends security headers on errors too, and no CORS headers by default', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes OpenAPI generated from the schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.paths['/api/auth/login']).toBeDefined();
    expect(document.paths['/api/users/staff'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'search',
    );
  });

  it('never shows a stack trace or SQL on a 500', async () => {
    const app = Fastify();
    const { registerErrorHandling } = await import('./error-handler.ts');
    registerErrorHandling(app);
    app.get('/api/boom', { config: { access: 'public' } }, async () => {
      throw new Error('select password_hash from users where id = 1');
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/select|password_hash|at .*\.ts/);
    expect(response.json().code).toBe('INTERNAL_ERROR');
  });
});

describe('declared access', () => {
  it('refuses to start when an /api route declares no access rule', async () => {
    const app = Fastify();
    registerAccessControl(app, { authenticate: async () => null, onForbidden: () => undefined });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(MissingAccessError);
  });
});

describe('web app serving', () => {
  let web: TestServer;
  beforeAll(async () => {
    web = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(() => web.stop());

  it('caches hashed assets for a year and never caches index.html', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await web.app.inject({ method: 'GET', url: '/admin/staff' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the service worker and the web app manifest at the root, revalidated on every visit', async () => {
    const worker = await web.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await web.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('keeps answering JSON 404 under /api and for missing files', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/api/missing' })).json().code).toBe('NOT_FOUND');
    expect((await web.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('stops start with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('reads the defaults of the run contract', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(true);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.sessionTtlMs).toBe(30 * 24 * 3600_000);
  });

  it('refuses to start without demo data and without a first administrator', async () => {
    await expect(startTestServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' })).rejects.toThrow(/ADMIN_EMAIL/);
  });
});

describe('answer serialisation', () => {
  it('sends only the fields the response schema declares', async () => {
    const { z } = await import('zod');
    const { serializerCompiler } = await import('./serializer.ts');
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    app.get(
      '/api/leak',
      { schema: { response: { 200: z.object({ id: z.string(), avatar: z.string().nullable() }) } } },
      async () => ({
        id: 'u1',
        avatar: null,
        passwordHash: 'scrypt$secret',
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/api/leak' });
    expect(response.json()).toEqual({ id: 'u1', avatar: null });
  });

  it('writes kept answers with the same guarantee, schemas JSON Schema cannot express included', async () => {
    const { z } = await import('zod');
    const { serializeAnswer } = await import('./responses.ts');
    const person = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) });
    const leaky = { id: 'u1', passwordHash: 'scrypt$secret', tags: [{ name: 'site', token: 'x' }] };
    expect(JSON.parse(serializeAnswer(person, leaky))).toEqual({ id: 'u1', tags: [{ name: 'site' }] });
    const shouted = person.extend({ id: z.string().transform((id) => id.toUpperCase()) });
    expect(JSON.parse(serializeAnswer(shouted, leaky))).toEqual({ id: 'U1', tags: [{ name: 'site' }] });
  });
});
