import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backupRepository } from '../src/backup/backup.repository.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createStorage } from '../src/storage/create-storage.ts';
import { migratedSnapshot } from './pglite-snapshot.ts';

/**
 * A place a server keeps its data, as `npm start` is told it: a DATA_DIR of its own, on PostgreSQL
 * (TEST_DATABASE_URL set) a database of its own, and any other variables (a bucket).
 */
export interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
  env: Record<string, string>;
}

const adminUrl = process.env.TEST_DATABASE_URL;

/** Makes places and removes them all (directories and databases) at the end. */
export function placeKeeper() {
  const made: Place[] = [];
  let admin: pg.Client | undefined;
  return {
    async make(env: Record<string, string> = {}): Promise<Place> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-backup-test-'));
      let databaseUrl: string | undefined;
      if (adminUrl) {
        if (!admin) {
          admin = new pg.Client({ connectionString: adminUrl });
          await admin.connect();
        }
        const name = `trowel_backup_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
        await admin.query(`create database ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        databaseUrl = url.toString();
      }
      const place = { dataDir, databaseUrl, env };
      made.push(place);
      return place;
    },
    async dispose() {
      for (const place of made) {
        fs.rmSync(place.dataDir, { recursive: true, force: true });
        if (place.databaseUrl) {
          const name = new URL(place.databaseUrl).pathname.slice(1);
          await admin!.query(`drop database if exists ${name} with (force)`);
        }
      }
      await admin?.end();
    },
  };
}

/** The environment `npm start` would read for a place: nothing of the test run's own database or bucket. */
export function environment(place: Place): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|APP_SECRET|S3_|VAPID_)/.test(name)),
  );
  return {
    ...inherited,
    DATA_DIR: place.dataDir,
    LOG_LEVEL: 'silent',
    JOB_CONCURRENCY: '1',
    WEB_DIST: path.join(place.dataDir, 'no-web'),
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    ...place.env,
  };
}

export const configOf = (place: Place): Config => loadConfig(environment(place));

/** The place's database, as a server there opens it. */
export function openPlaceDatabase(place: Place, pgliteSnapshot?: Blob): Promise<Database> {
  return openDatabase({
    databaseUrl: place.databaseUrl,
    pgliteDir: path.join(place.dataDir, 'db'),
    poolSize: 2,
    pgliteSnapshot,
  });
}

/** A migrated, empty database in the place (the embedded one from the migrated snapshot). */
export async function migratePlace(place: Place): Promise<Database> {
  const database = await openPlaceDatabase(place, place.databaseUrl ? undefined : await migratedSnapshot());
  await database.migrate();
  return database;
}

/** Every table's row count and content hash, in one snapshot. */
export async function tableDigests(place: Place) {
  const database = await openPlaceDatabase(place);
  try {
    return await database.db.transaction((tx) => backupRepository(tx).tableDigests());
  } finally {
    await database.close();
  }
}

/** Every stored file's key, size and SHA-256, by key. */
export async function fileManifest(place: Place) {
  const storage = await createStorage(configOf(place));
  const files = [];
  for await (const { key, size } of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of (await storage.get(key))!) hash.update(chunk as Buffer);
    files.push({ key, size, sha256: hash.digest('hex') });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
}
