import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { dataDirLayout } from '../data-dir.ts';
import { createStorage } from '../storage/create-storage.ts';
import { ArchiveWriter } from './archive-writer.ts';
import { dumpDatabase } from './database-dump.ts';
import {
  APP_SECRET_ENTRY,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  fileEntry,
  secretFingerprint,
  type Manifest,
} from './manifest.ts';
import { backUpVapidKeys } from './vapid-keys-backup.ts';

export interface BackupSummary {
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

/**
 * Writes one archive to `file` with all a server configured by `config` needs to read its data again:
 * the database dump, the app secret and Web Push key pair it generated (unless set in the environment),
 * every uploaded file, and
 * last a manifest with each part's SHA-256 and every table's row count and content hash.
 */
export async function backup(
  config: Config,
  file: string,
  log: (line: string) => void = () => undefined,
): Promise<BackupSummary> {
  const layout = dataDirLayout(config.dataDir);
  if (!config.s3 && path.resolve(file).startsWith(`${layout.files}${path.sep}`)) {
    throw new Error(`Write the backup outside ${layout.files}: the files there go into it.`);
  }
  // The dump is written beside the archive first: the archive's header needs its size.
  const work = await fs.promises.mkdtemp(path.join(path.dirname(path.resolve(file)), '.trowel-backup-'));
  const archive = new ArchiveWriter(file);
  try {
    const dumpFile = path.join(work, 'database');
    const dumped = await dumpDatabase(config.databaseUrl, layout.database, dumpFile);
    const dumpSize = (await fs.promises.stat(dumpFile)).size;
    const entry = DATABASE_ENTRY[dumped.kind];
    const databaseSha = await archive.add(entry, dumpSize, fs.createReadStream(dumpFile));
    const rows = Object.values(dumped.tables).reduce((sum, table) => sum + table.rows, 0);
    log(`Database (${dumped.tool}): ${Object.keys(dumped.tables).length} tables, ${rows} rows`);

    let appSecret: Manifest['appSecret'] = { source: 'none' };
    if (config.appSecret) {
      appSecret = { source: 'environment', fingerprint: secretFingerprint(config.appSecret) };
      log('App secret: APP_SECRET is set, so it is not in the archive: keep it with the backup');
    } else if (fs.existsSync(layout.appSecret)) {
      const secret = await fs.promises.readFile(layout.appSecret);
      const digest = await archive.add(APP_SECRET_ENTRY, secret.length, [secret]);
      appSecret = {
        source: 'data-dir',
        fingerprint: secretFingerprint(secret.toString('utf8')),
        sha256: digest,
      };
      log(`App secret: ${layout.appSecret}`);
    }

    const vapidKeys = await backUpVapidKeys(config, archive, log);

    const storage = await createStorage(config);
    const files: Manifest['files']['entries'] = [];
    for await (const listed of storage.list()) {
      const body = await storage.get(listed.key);
      // Removed since it was listed: the database no longer names it either.
      if (!body) continue;
      files.push({ ...listed, sha256: await archive.add(fileEntry(listed.key), listed.size, body) });
    }
    const fileBytes = files.reduce((sum, entry) => sum + entry.size, 0);
    log(
      `Files (${config.s3 ? `bucket ${config.s3.bucket}` : layout.files}): ${files.length}, ${fileBytes} bytes`,
    );

    const manifest: Manifest = {
      format: 'trowel-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: { kind: dumped.kind, tool: dumped.tool, sha256: databaseSha, tables: dumped.tables },
      appSecret,
      vapidKeys,
      files: { storage: config.s3 ? 's3' : 'local', entries: files },
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    await archive.add(MANIFEST_ENTRY, Buffer.byteLength(text), [text]);
    await archive.finish();
    return {
      bytes: (await fs.promises.stat(file)).size,
      tables: Object.keys(dumped.tables).length,
      rows,
      files: files.length,
      fileBytes,
    };
  } catch (error) {
    await archive.abort();
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
