import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  configOf,
  environment,
  fileManifest,
  placeKeeper,
  tableDigests,
  type Place,
} from '../../test/backup-places.ts';
import { multipart } from '../../test/multipart.ts';
import { migratedSnapshot } from '../../test/pglite-snapshot.ts';
import { DEMO_PASSWORD } from '../seed/demo-people.ts';
import { createServer, type Server } from '../server.ts';
import { RestoreRefused, restore } from './restore.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;

const places = placeKeeper();

async function startServer(place: Place): Promise<Server> {
  const server = await createServer(configOf(place), {
    logger: false,
    // A migrated embedded database to start from, instead of initdb and every migration.
    ...(place.databaseUrl || fs.existsSync(path.join(place.dataDir, 'db'))
      ? {}
      : { pgliteSnapshot: await migratedSnapshot() }),
  });
  await server.app.ready();
  return server;
}

async function signIn(server: Server, email: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
}

async function publicPushKey(server: Server, auth: { authorization: string }) {
  const response = await server.app.inject({ method: 'GET', url: '/api/push/public-key', headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ publicKey: string }>().publicKey;
}

/** The npm run backup / restore command, as an operator runs it. */
async function command(script: 'backup' | 'restore', place: Place, ...args: string[]) {
  return run(process.execPath, [path.join(root, `scripts/${script}.mjs`), ...args], {
    cwd: root,
    env: environment(place),
  });
}

afterAll(() => places.dispose());

describe(`backup and restore drill (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores the demo company and its files into a fresh place: every table and file equal', async () => {
    const source = await places.make();
    const server = await startServer(source);
    let viewUrl: string;
    let pushKey: string;
    try {
      const auth = await signIn(server, 'admin@trowel.test');
      // The Web Push key pair the browsers' subscriptions are made for (generated into DATA_DIR).
      pushKey = await publicPushKey(server, auth);
      const [project] = (
        await server.app.inject({ method: 'GET', url: '/api/projects?limit=1', headers: auth })
      ).json<{ projects: Array<{ id: string }> }>().projects;
      const form = multipart(
        [
          { name: 'drawing.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
          { name: 'notes.txt', type: 'text/plain', content: Buffer.from('Slab cast at 14:00\n') },
        ],
        'files',
        { projectId: project!.id, title: 'Slab cast', message: 'Before the backup' },
      );
      const log = await server.app.inject({
        method: 'POST',
        url: '/api/daily-logs',
        headers: { ...auth, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(log.statusCode, log.body).toBe(201);
      viewUrl = log.json().dailyLog.attachments[0].viewUrl;
      // A secret sealed with the app secret: a restore without that secret could not open it.
      const settings = await server.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: auth,
        payload: { settings: [{ key: 'zeptomail_api_key', value: 'drill-api-key' }] },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      await server.worker!.drain();
    } finally {
      await server.close();
    }
    const sourceTables = await tableDigests(source);
    const sourceFiles = await fileManifest(source);
    expect(sourceTables['public.users']!.rows).toBeGreaterThan(10);
    expect(sourceFiles.map((file) => file.size).sort()).toEqual([15, 19]);

    const archive = path.join(source.dataDir, 'drill.tar');
    await command('backup', source, archive);
    const target = await places.make();
    await command('restore', target, archive);

    expect(await tableDigests(target)).toEqual(sourceTables);
    expect(await fileManifest(target)).toEqual(sourceFiles);
    for (const kept of ['app-secret', 'vapid-keys.json'])
      expect(fs.readFileSync(path.join(target.dataDir, kept), 'utf8')).toBe(
        fs.readFileSync(path.join(source.dataDir, kept), 'utf8'),
      );

    // A server started there has everything: people, files behind links signed before the backup, sealed settings, the same Web Push keys.
    const restored = await startServer(target);
    try {
      await signIn(restored, 'pm@trowel.test');
      const file = await restored.app.inject({ method: 'GET', url: viewUrl });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe('%PDF-1.4\n%%EOF\n');
      expect((await restored.ctx.settings.values()).zeptomail_api_key).toBe('drill-api-key');
      expect(await publicPushKey(restored, await signIn(restored, 'engineer@trowel.test'))).toBe(pushKey);
    } finally {
      await restored.close();
    }

    // Restoring over data is refused unless forced; a damaged archive is refused before anything changes.
    await expect(restore(configOf(target), archive)).rejects.toThrow(RestoreRefused);
    const damaged = path.join(source.dataDir, 'damaged.tar');
    const bytes = fs.readFileSync(archive);
    const at = bytes.indexOf('%PDF-1.4');
    bytes[at] = 0x25 ^ 0xff;
    fs.writeFileSync(damaged, bytes);
    await expect(restore(configOf(target), damaged, { checkOnly: true })).rejects.toThrow(/damaged/);
  }, 120_000);
});
