import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const folder = path.join(root, '.tmp/pglite-snapshots');

/** Names the snapshot after every migration file and the PGlite version, so a change makes a new one. */
function snapshotFile(): string {
  const hash = createHash('sha256');
  const pglite = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(fs.readFileSync(pglite));
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  hash.update(WITHOUT_TEMPLATES.join(';'));
  return path.join(folder, `migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * The template databases go before the dump: no test server makes a database, and without them the data
 * directory is 29 MB instead of 44, which every server start reads (a fifth less CPU per start).
 */
const WITHOUT_TEMPLATES = [
  "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
  'drop database template0',
  'drop database template1',
  'checkpoint',
];

/** Makes the migrated PGlite data directory once (the test run's global set-up calls this first). */
export async function makeMigratedSnapshot(): Promise<string> {
  const file = snapshotFile();
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await database.migrate();
    for (const statement of WITHOUT_TEMPLATES) await database.db.execute(sql.raw(statement));
    const dump = await database.dump!();
    fs.mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

let snapshot: Promise<Blob> | undefined;

/**
 * A PGlite data directory with every migration applied: a test server opens it instead of creating a
 * database (initdb in WebAssembly, some 3 s of CPU) and migrating it.
 */
export function migratedSnapshot(): Promise<Blob> {
  snapshot ??= makeMigratedSnapshot().then((file) => new Blob([fs.readFileSync(file)]));
  return snapshot;
}
