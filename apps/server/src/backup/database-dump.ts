import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../db/client.ts';
import { backupRepository } from './backup.repository.ts';
import type { Manifest, TableDigests } from './manifest.ts';
import { pgDump, pgDumpVersion, pgRestore } from './postgres-tools.ts';

type DatabaseKind = Manifest['database']['kind'];

export interface DumpedDatabase {
  kind: DatabaseKind;
  tool: string;
  tables: TableDigests;
}

/** Opens a database for one piece of work and closes it afterwards. */
async function withDatabase<T>(
  options: OpenDatabaseOptions,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ poolSize: 1, ...options });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Every table's digest, read in one snapshot. */
function digests(database: Database): Promise<TableDigests> {
  return database.db.transaction((tx) => backupRepository(tx).tableDigests(), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * The embedded database is one process's alone: PGlite writes `postmaster.pid` while it is open (and
 * removes it on close), but does not stop a second process from opening it too.
 */
function assertPgliteClosed(dir: string): void {
  if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new Error(
      `The embedded database in ${dir} is open: stop the Trowel server (and any worker) first. If none ` +
        'is running, the last one was killed: start it and stop it once, then try again.',
    );
  }
}

/**
 * PostgreSQL, online: pg_dump reads the snapshot of a transaction that reads every table's digest too,
 * so the dump and the digests in the manifest agree however many writes go on meanwhile.
 */
async function dumpPostgres(databaseUrl: string, target: string): Promise<DumpedDatabase> {
  const tool = await pgDumpVersion();
  const tables = await withDatabase({ databaseUrl }, (database) =>
    database.db.transaction(
      async (tx) => {
        const repository = backupRepository(tx);
        const snapshot = await repository.exportSnapshot();
        const [read] = await Promise.all([repository.tableDigests(), pgDump(databaseUrl, snapshot, target)]);
        return read;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
  return { kind: 'postgres', tool, tables };
}

/** The embedded database, with the server stopped: PGlite's own dump of its data directory, gzipped. */
async function dumpPglite(dir: string, target: string): Promise<DumpedDatabase> {
  assertPgliteClosed(dir);
  const versionFile = path.join(dir, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) throw new Error(`There is no embedded database in ${dir}.`);
  const version = fs.readFileSync(versionFile, 'utf8').trim();
  const tables = await withDatabase({ pgliteDir: dir }, async (database) => {
    const read = await digests(database);
    const tarball = await database.dump!();
    // The fastest level: the server is stopped meanwhile, and it still shrinks the data directory 7 times.
    const gzip = zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED });
    await pipeline(tarball.stream(), gzip, fs.createWriteStream(target, { mode: 0o600 }));
    return read;
  });
  return { kind: 'pglite', tool: `PGlite (PostgreSQL ${version})`, tables };
}

/** Dumps the configured database (DATABASE_URL, else the embedded one in `pgliteDir`) to `target`. */
export function dumpDatabase(
  databaseUrl: string | undefined,
  pgliteDir: string,
  target: string,
): Promise<DumpedDatabase> {
  return databaseUrl ? dumpPostgres(databaseUrl, target) : dumpPglite(pgliteDir, target);
}

/** Why the database a restore would fill is not empty, or null when it is. */
export async function occupiedDatabase(
  databaseUrl: string | undefined,
  pgliteDir: string,
): Promise<string | null> {
  if (databaseUrl) {
    const count = await withDatabase({ databaseUrl }, (database) =>
      backupRepository(database.db).relationCount(),
    );
    return count > 0 ? `the database of DATABASE_URL has ${count} tables, views or sequences` : null;
  }
  assertPgliteClosed(pgliteDir);
  const present = fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0;
  return present ? `${pgliteDir} holds an embedded database` : null;
}

/**
 * Empties what `occupiedDatabase` found (restore --force): Trowel's schemas are dropped on PostgreSQL;
 * the embedded database's directory is moved aside, and answered.
 */
export async function clearDatabase(
  databaseUrl: string | undefined,
  pgliteDir: string,
): Promise<string | null> {
  if (databaseUrl) {
    await withDatabase({ databaseUrl }, (database) => backupRepository(database.db).dropTrowelSchemas());
    return null;
  }
  if (!fs.existsSync(pgliteDir)) return null;
  const aside = `${pgliteDir}.replaced-${new Date().toISOString().replaceAll(':', '-')}`;
  await fs.promises.rename(pgliteDir, aside);
  return aside;
}

/** Loads a dump into the configured (empty) database; answers the digests of what it now holds. */
export async function loadDatabase(
  databaseUrl: string | undefined,
  pgliteDir: string,
  source: string,
): Promise<TableDigests> {
  if (databaseUrl) {
    await pgRestore(databaseUrl, source);
    return withDatabase({ databaseUrl }, digests);
  }
  const tarball = new Blob([zlib.gunzipSync(await fs.promises.readFile(source))]);
  return withDatabase({ pgliteDir, pgliteSnapshot: tarball }, digests);
}
