import path from 'node:path';
import type { Config } from '../config.ts';
import { localStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** The configured storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files on local disk. */
export function createStorage(config: Config): FileStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'files'));
}
