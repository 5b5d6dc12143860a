import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { STORAGE_FULL_MESSAGE } from '../http/error-handler.ts';

/** A data directory whose file store is a 1 MB tmpfs: a real disk that fills (mounting needs root). */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-full-'));
const filesDir = path.join(dataDir, 'files');
fs.mkdirSync(filesDir);
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', filesDir], { stdio: 'ignore' });
  mounted = true;
} catch {
  // Without root (or inside a container that forbids mounts) this test cannot make a disk fill.
}

let server: TestServer;
let lead: TestUser, project: { id: string };

beforeAll(async () => {
  if (!mounted) return;
  server = await startTestServer({ DATA_DIR: dataDir });
  const client = await server.user('client');
  lead = await server.user('project_lead');
  project = await makeProject(server, { lead, client });
});
afterAll(async () => {
  if (server) await server.stop();
  if (mounted) execFileSync('umount', [filesDir]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes, 0x20)]);

const postLog = (title: string, content: Buffer) => {
  const { payload, contentType } = multipart(
    [{ name: 'plan.pdf', content, type: 'application/pdf' }],
    'files',
    {
      projectId: project.id,
      title,
      message: 'Drawings attached',
      type: 'update',
    },
  );
  return server.app.inject({
    method: 'POST',
    url: '/api/daily-logs',
    headers: { ...lead.auth, 'content-type': contentType },
    payload,
  });
};

describe.runIf(mounted || process.getuid?.() === 0)('a disk that fills during an upload', () => {
  it('answers 507, keeps nothing of the request, and the server goes on serving', async () => {
    expect(mounted, 'mounting a tmpfs as root').toBe(true);
    const full = await postLog('Too big for the disk', pdf(2 * 1024 * 1024));
    expect(full.statusCode, full.body).toBe(507);
    expect(full.json()).toEqual({
      success: false,
      error: STORAGE_FULL_MESSAGE,
      code: 'INSUFFICIENT_STORAGE',
    });
    const logs = await server.app.inject({
      method: 'GET',
      url: `/api/daily-logs?projectId=${project.id}`,
      headers: lead.auth,
    });
    expect(logs.json().dailyLogs).toHaveLength(0);
    const left = fs.readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(left.map((entry) => entry.name)).toEqual([]);

    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const small = await postLog('Fits', pdf(10 * 1024));
    expect(small.statusCode, small.body).toBe(201);
  });
});
