import path from 'node:path';

/**
 * What a server keeps in DATA_DIR: the embedded database (when DATABASE_URL is unset), uploaded files
 * (when no S3 bucket is set), the app secret it generated (when APP_SECRET is unset) and the parts of
 * resumable uploads still arriving. Backups take the first three.
 */
export function dataDirLayout(dataDir: string) {
  return {
    database: path.join(dataDir, 'db'),
    files: path.join(dataDir, 'files'),
    appSecret: path.join(dataDir, 'app-secret'),
    /** The Web Push (VAPID) key pair it generated when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are unset. */
    vapidKeys: path.join(dataDir, 'vapid-keys.json'),
    /** Parts of resumable uploads still arriving (not backed up: the phone still holds the file). */
    uploads: path.join(dataDir, 'uploads'),
  };
}
