import type { Config } from '../config.ts';
import { dataDirLayout } from '../data-dir.ts';
import { localStorage } from './local-storage.ts';
import type { FileStorage } from './storage.ts';

/**
 * The configured storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files on local disk.
 * The AWS SDK is loaded only when a bucket is configured.
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (!config.s3) return localStorage(dataDirLayout(config.dataDir).files);
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(config.s3);
}
