import fs from 'node:fs';
import type { Config } from '../config.ts';
import { dataDirLayout } from '../data-dir.ts';
import { vapidKeysFile } from '../modules/push/vapid-keys.ts';
import type { ArchiveWriter } from './archive-writer.ts';
import { VAPID_KEYS_ENTRY, type Manifest } from './manifest.ts';

/**
 * Puts the Web Push key pair the server generated into the archive (with VAPID_* set, only its public
 * key goes into the manifest): every browser subscription was made for that public key, and a push
 * signed with another pair is refused by the push services, so a restore without it would silence
 * every subscribed device.
 */
export async function backUpVapidKeys(
  config: Config,
  archive: ArchiveWriter,
  log: (line: string) => void,
): Promise<Manifest['vapidKeys']> {
  if (config.push.vapidKeys) {
    log('Web Push keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are set, so they are not in the archive');
    return { source: 'environment', publicKey: config.push.vapidKeys.publicKey };
  }
  const file = dataDirLayout(config.dataDir).vapidKeys;
  if (!fs.existsSync(file)) return { source: 'none' };
  const text = await fs.promises.readFile(file);
  const { publicKey } = vapidKeysFile.parse(JSON.parse(text.toString('utf8')));
  const sha256 = await archive.add(VAPID_KEYS_ENTRY, text.length, [text]);
  log(`Web Push keys: ${file}`);
  return { source: 'data-dir', publicKey, sha256 };
}

/** The public key of a key file's text, or null when it is not one. */
function publicKeyOf(text: string): string | null {
  try {
    return vapidKeysFile.parse(JSON.parse(text)).publicKey;
  } catch {
    return null;
  }
}

/** Why the restored server would not sign pushes with the backup's key pair, if it would not. */
export function vapidKeysMismatch(manifest: Manifest, config: Config): string | null {
  const backedUp = manifest.vapidKeys;
  if (backedUp.source === 'none') return null;
  const consequence = 'devices subscribed before the backup could not be pushed';
  if (config.push.vapidKeys) {
    return config.push.vapidKeys.publicKey === backedUp.publicKey
      ? null
      : `VAPID_PUBLIC_KEY is not the key this backup was made with: ${consequence} (unset VAPID_PUBLIC_KEY ` +
          'and VAPID_PRIVATE_KEY to use the pair in the backup, or set the pair it was made with)';
  }
  if (backedUp.source === 'environment') {
    return `the backup was made with VAPID_PUBLIC_KEY set: set the same VAPID key pair for the restore and the server, else ${consequence}`;
  }
  const file = dataDirLayout(config.dataDir).vapidKeys;
  if (!fs.existsSync(file)) return null;
  return publicKeyOf(fs.readFileSync(file, 'utf8')) === backedUp.publicKey
    ? null
    : `${file} holds another Web Push key pair: ${consequence}`;
}

/** Writes the backup's key pair into DATA_DIR (over another one only when forced). */
export async function restoreVapidKeys(
  config: Config,
  staged: string | null,
  force: boolean,
  log: (line: string) => void,
) {
  const file = dataDirLayout(config.dataDir).vapidKeys;
  if (staged === null || (!force && fs.existsSync(file))) return;
  await fs.promises.writeFile(file, staged, { mode: 0o600 });
  log(`Web Push keys: ${file}`);
}
