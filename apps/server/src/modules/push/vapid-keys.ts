import fs from 'node:fs';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { dataDirLayout } from '../../data-dir.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** What DATA_DIR/vapid-keys.json holds (backups carry it: see backup/vapid-keys-backup.ts). */
export const vapidKeysFile = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

const generated = new Map<string, { publicKey: string; privateKey: string }>();

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else one generated on first use
 * into DATA_DIR, like the app secret (several processes set the variables, so all sign alike).
 */
export function vapidDetails(config: Config): VapidDetails {
  const keys = config.push.vapidKeys ?? keysInDataDir(config.dataDir);
  return { subject: config.push.subject, ...keys };
}

function keysInDataDir(dataDir: string) {
  const known = generated.get(dataDir);
  if (known) return known;
  const file = dataDirLayout(dataDir).vapidKeys;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const keys = vapidKeysFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  generated.set(dataDir, keys);
  return keys;
}
