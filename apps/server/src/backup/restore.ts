import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { dataDirLayout } from '../data-dir.ts';
import { mapLimited } from '../lib/map-limited.ts';
import { createStorage } from '../storage/create-storage.ts';
import { isSafeKey, type FileStorage } from '../storage/storage.ts';
import { readArchive } from './archive-reader.ts';
import { clearDatabase, loadDatabase, occupiedDatabase } from './database-dump.ts';
import {
  APP_SECRET_ENTRY,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  differingTables,
  fileEntry,
  manifestSchema,
  secretFingerprint,
  VAPID_KEYS_ENTRY,
  type Manifest,
} from './manifest.ts';
import { restoreVapidKeys, vapidKeysMismatch } from './vapid-keys-backup.ts';

export interface RestoreOptions {
  /** Replace a database, files or app secret that are already there. */
  force?: boolean;
  /** Only read the archive and check every part against its manifest; change nothing. */
  checkOnly?: boolean;
}

export interface RestoreSummary {
  manifest: Manifest;
  /** Where an embedded database that was replaced was moved to. */
  movedAside: string | null;
}

/** A restore that would overwrite something, refused without --force. */
export class RestoreRefused extends Error {}

/** Files uploaded to S3 at once. */
const UPLOADS_AT_ONCE = 8;

const isEntryName = (name: string) =>
  name === MANIFEST_ENTRY ||
  name === APP_SECRET_ENTRY ||
  name === VAPID_KEYS_ENTRY ||
  Object.values(DATABASE_ENTRY).includes(name) ||
  (name.startsWith('files/') && isSafeKey(name.slice('files/'.length)));

interface StagedEntry {
  size: number;
  sha256: string;
}

/**
 * Reads every entry into `staging`, hashing it on the way; answers the manifest and what was read.
 * Only the names a backup writes are accepted, as regular files, once each.
 */
async function stage(file: string, staging: string) {
  const staged = new Map<string, StagedEntry>();
  let manifestText: string | undefined;
  for await (const entry of readArchive(file)) {
    if (entry.type !== 'file' || !isEntryName(entry.name) || staged.has(entry.name)) {
      throw new Error(`${file} is not a Trowel backup: unexpected entry ${JSON.stringify(entry.name)}`);
    }
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    const target = path.join(staging, entry.name);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const out = fs.createWriteStream(target, { mode: 0o600 });
    for await (const chunk of entry.body) {
      hash.update(chunk);
      if (entry.name === MANIFEST_ENTRY) chunks.push(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    staged.set(entry.name, { size: entry.size, sha256: hash.digest('hex') });
    if (entry.name === MANIFEST_ENTRY) manifestText = Buffer.concat(chunks).toString('utf8');
  }
  if (manifestText === undefined)
    throw new Error(`${file} is not a Trowel backup: it has no ${MANIFEST_ENTRY}`);
  let json: unknown;
  try {
    json = JSON.parse(manifestText);
  } catch {
    throw new Error(`${file} is not a Trowel backup: its ${MANIFEST_ENTRY} is not JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${file} has a manifest this version cannot read: ${parsed.error.message}`);
  return { manifest: parsed.data, staged };
}

/** Every part the manifest names is in the archive with its hash, and the archive holds nothing else. */
function verify(manifest: Manifest, staged: Map<string, StagedEntry>): void {
  const expected = new Map<string, string>([
    [DATABASE_ENTRY[manifest.database.kind], manifest.database.sha256],
  ]);
  if (manifest.appSecret.source === 'data-dir') expected.set(APP_SECRET_ENTRY, manifest.appSecret.sha256);
  if (manifest.vapidKeys.source === 'data-dir') expected.set(VAPID_KEYS_ENTRY, manifest.vapidKeys.sha256);
  for (const entry of manifest.files.entries) expected.set(fileEntry(entry.key), entry.sha256);
  const problems: string[] = [];
  for (const [name, sha256] of expected) {
    const found = staged.get(name);
    if (!found) problems.push(`${name} is missing`);
    else if (found.sha256 !== sha256) problems.push(`${name} is damaged (its SHA-256 differs)`);
  }
  for (const name of staged.keys()) {
    if (name !== MANIFEST_ENTRY && !expected.has(name)) problems.push(`${name} is not in the manifest`);
  }
  if (problems.length > 0)
    throw new Error(`The backup does not match its manifest:\n  ${problems.join('\n  ')}`);
}

/** Whether the storage holds any file at all (the first one listed answers). */
async function hasFiles(storage: FileStorage): Promise<boolean> {
  for await (const _file of storage.list()) return true;
  return false;
}

/** Why the app secret the restored server would read does not open what the backup sealed, if it does not. */
function secretMismatch(manifest: Manifest, config: Config, stagedSecret: string | null): string | null {
  const backupSecret = manifest.appSecret;
  if (backupSecret.source === 'none') return null;
  if (config.appSecret) {
    return secretFingerprint(config.appSecret) === backupSecret.fingerprint
      ? null
      : 'APP_SECRET is not the secret this backup was made with: stored email passwords and signed links ' +
          'would not open (unset APP_SECRET to use the one in the backup, or set the one it was made with)';
  }
  if (backupSecret.source === 'environment') {
    return 'the backup was made with APP_SECRET set: set the same APP_SECRET for the restore and the server';
  }
  const file = dataDirLayout(config.dataDir).appSecret;
  if (!fs.existsSync(file)) return null;
  const present = fs.readFileSync(file, 'utf8');
  return stagedSecret !== null && secretFingerprint(present) !== secretFingerprint(stagedSecret)
    ? `${file} holds another secret`
    : null;
}

/** Writes a checked, staged backup into the target; answers where a replaced embedded database went. */
async function fill(
  config: Config,
  manifest: Manifest,
  staging: string,
  stagedSecret: string | null,
  stagedVapidKeys: string | null,
  storage: FileStorage,
  force: boolean,
  log: (line: string) => void,
): Promise<string | null> {
  const layout = dataDirLayout(config.dataDir);
  const { database, files } = manifest;
  const movedAside = force ? await clearDatabase(config.databaseUrl, layout.database) : null;
  if (movedAside) log(`The embedded database that was there is now in ${movedAside}`);

  await mapLimited(files.entries, UPLOADS_AT_ONCE, (entry) =>
    storage.put(entry.key, fs.createReadStream(path.join(staging, fileEntry(entry.key)))),
  );
  log(
    `Files: ${files.entries.length} restored to ${config.s3 ? `bucket ${config.s3.bucket}` : layout.files}`,
  );

  if (stagedSecret !== null && (force || !fs.existsSync(layout.appSecret))) {
    await fs.promises.writeFile(layout.appSecret, stagedSecret, { mode: 0o600 });
    log(`App secret: ${layout.appSecret}`);
  }
  await restoreVapidKeys(config, stagedVapidKeys, force, log);

  const restored = await loadDatabase(
    config.databaseUrl,
    layout.database,
    path.join(staging, DATABASE_ENTRY[database.kind]),
  );
  const differing = differingTables(database.tables, restored);
  if (differing.length > 0) {
    throw new Error(`The restored database differs from the backup in: ${differing.join(', ')}`);
  }
  log(`Database: ${Object.keys(restored).length} tables restored, each table's rows equal to the backup's`);
  return movedAside;
}

/**
 * Fills the database, file storage and DATA_DIR that `config` names from a backup archive. Refuses
 * (RestoreRefused) when any of them already holds data, unless `force`; checks every part against the
 * manifest before changing anything, and the restored tables against it afterwards.
 */
export async function restore(
  config: Config,
  file: string,
  options: RestoreOptions = {},
  log: (line: string) => void = () => undefined,
): Promise<RestoreSummary> {
  const layout = dataDirLayout(config.dataDir);
  const storage = options.checkOnly ? null : await createStorage(config);
  if (storage) {
    const occupied = [
      await occupiedDatabase(config.databaseUrl, layout.database),
      (await hasFiles(storage))
        ? `${config.s3 ? `bucket ${config.s3.bucket}` : layout.files} holds files`
        : null,
    ].filter((reason) => reason !== null);
    if (occupied.length > 0 && !options.force) {
      throw new RestoreRefused(
        `Not restoring over existing data:\n  ${occupied.join('\n  ')}\nPass --force to replace it.`,
      );
    }
  }

  const base = options.checkOnly ? os.tmpdir() : config.dataDir;
  await fs.promises.mkdir(base, { recursive: true });
  const staging = await fs.promises.mkdtemp(path.join(base, '.trowel-restore-'));
  try {
    const { manifest, staged } = await stage(file, staging);
    verify(manifest, staged);
    const { database, files } = manifest;
    log(
      `Backup of ${manifest.createdAt}: ${database.tool}, ${Object.keys(database.tables).length} tables, ${files.entries.length} files; every part matches its SHA-256`,
    );
    if (!storage) return { manifest, movedAside: null };

    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (database.kind !== kind) {
      throw new Error(
        database.kind === 'postgres'
          ? 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.'
          : 'This backup holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR.',
      );
    }
    const stagedText = (name: string) => {
      const staged = path.join(staging, name);
      return fs.existsSync(staged) ? fs.readFileSync(staged, 'utf8') : null;
    };
    const stagedSecret = stagedText(APP_SECRET_ENTRY);
    const stagedVapidKeys = stagedText(VAPID_KEYS_ENTRY);
    const mismatch = secretMismatch(manifest, config, stagedSecret) ?? vapidKeysMismatch(manifest, config);
    if (mismatch && !options.force)
      throw new RestoreRefused(`Not restoring: ${mismatch}.\nPass --force to restore all the same.`);

    try {
      const movedAside = await fill(
        config,
        manifest,
        staging,
        stagedSecret,
        stagedVapidKeys,
        storage,
        options.force ?? false,
        log,
      );
      return { manifest, movedAside };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${reason}\nThe restore stopped part way: fix the cause, then run it again with --force.`,
        {
          cause: error,
        },
      );
    }
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
