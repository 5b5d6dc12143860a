import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configOf, fileManifest, migratePlace, placeKeeper, type Place } from '../../test/backup-places.ts';
import { meta } from '../db/schema.ts';
import { createStorage } from '../storage/create-storage.ts';
import { backup } from './backup.ts';
import { backupMain, restoreMain } from './cli.ts';
import { RestoreRefused, restore } from './restore.ts';

const places = placeKeeper();
const APP_SECRET = 'a-secret-from-the-environment-0123456789';
let s3: S3rver;
let s3Directory: string;
let bucketEnv: (bucket: string) => Record<string, string>;

beforeAll(async () => {
  s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-backup-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Directory,
    silent: true,
    configureBuckets: ['trowel-from', 'trowel-to'].map((name) => ({ name, configs: [] })),
  });
  const { port } = await s3.run();
  bucketEnv = (bucket) => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'trowel/files',
  });
});

afterAll(async () => {
  await places.dispose();
  await s3.close();
  fs.rmSync(s3Directory, { recursive: true, force: true });
});

/** A migrated place holding a few files and a row of its own. */
async function filledPlace(env: Record<string, string>): Promise<Place> {
  const place = await places.make(env);
  const database = await migratePlace(place);
  await database.db.insert(meta).values({ key: 'backup-test', value: 'kept' });
  await database.close();
  const storage = await createStorage(configOf(place));
  for (const [key, text] of [
    ['logs/a.pdf', '%PDF-1.4\n%%EOF\n'],
    ['logs/variants/a-thumb.webp', 'RIFF....WEBP'],
    ['avatars/u/b.jpg', ''],
  ] as const) {
    await storage.put(key, Readable.from([Buffer.from(text)]));
  }
  return place;
}

// Two restores of the embedded database, each writing its whole data directory: 30 s on a busy machine.
describe('backup and restore with files in S3', { timeout: 120_000 }, () => {
  it('moves every file between buckets, checks the app secret and replaces existing data only when forced', async () => {
    const source = await filledPlace({ ...bucketEnv('trowel-from'), APP_SECRET });
    const archive = path.join(source.dataDir, 'backup.tar');
    await backup(configOf(source), archive);

    // The secret was in the environment, not in DATA_DIR: a restore without it is refused.
    const target = await places.make(bucketEnv('trowel-to'));
    await expect(restore(configOf(target), archive)).rejects.toThrow(/made with APP_SECRET set/);
    target.env.APP_SECRET = APP_SECRET;
    await restore(configOf(target), archive);

    expect(await fileManifest(target)).toEqual(await fileManifest(source));
    expect((await fileManifest(target)).map((file) => file.key)).toEqual([
      'avatars/u/b.jpg',
      'logs/a.pdf',
      'logs/variants/a-thumb.webp',
    ]);
    expect(fs.existsSync(path.join(target.dataDir, 'app-secret'))).toBe(false);

    // Each restore checked the tables it wrote against the manifest; the drill compares them with the source.
    await expect(restore(configOf(target), archive)).rejects.toThrow(RestoreRefused);
    const forced = await restore(configOf(target), archive, { force: true });
    if (!target.databaseUrl) expect(fs.existsSync(forced.movedAside!)).toBe(true);
    expect(await fileManifest(target)).toEqual(await fileManifest(source));
  });
});

describe('the backup and restore commands', () => {
  it('answer a usage error with the usage', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await backupMain([])).toBe(2);
      expect(await restoreMain(['--replace', 'x.tar'])).toBe(2);
      expect(errors.mock.calls.join('\n')).toMatch(/Usage: npm run restore -- \[--force\] \[--check\] FILE/);
    } finally {
      errors.mockRestore();
    }
  });

  it('refuse a backup inside the stored files, which would hold itself', async () => {
    const place = await places.make();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(backup(configOf(place), path.join(place.dataDir, 'files/backup.tar'))).rejects.toThrow(
        /outside/,
      );
    } finally {
      errors.mockRestore();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup of PostgreSQL under writes', () => {
  it('dumps the snapshot its manifest describes while rows keep coming', async () => {
    const source = await filledPlace({});
    const database = await migratePlace(source);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await database.db.insert(meta).values({ key: `written-${written}`, value: 'during the backup' });
        written += 1;
        await sleep(1);
      }
    })();
    const archive = path.join(source.dataDir, 'backup.tar');
    try {
      await sleep(50);
      await backup(configOf(source), archive);
    } finally {
      writing = false;
      await writer;
      await database.close();
    }
    // The restore checks every table against the manifest: a dump of another moment would fail it.
    const target = await places.make();
    const { manifest } = await restore(configOf(target), archive);
    const rows = manifest.database.tables['public.app_meta']!.rows;
    expect(rows).toBeGreaterThan(1);
    expect(rows).toBeLessThan(written + 1);
  });
});
