import path from 'node:path';

/**
 * What a server keeps in DATA_DIR: the embedded database (when DATABASE_URL is unset), uploaded files
 * (when no S3 bucket is set) and the app secret it generated (when APP_SECRET is unset). Backups take
 * these three.
 */
export function dataDirLayout(dataDir: string) {
  return {
    database: path.join(dataDir, 'db'),
    files: path.join(dataDir, 'files'),
    appSecret: path.join(dataDir, 'app-secret'),
  };
}
