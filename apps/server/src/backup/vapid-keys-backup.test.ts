import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { configOf, migratePlace, placeKeeper, type Place } from '../../test/backup-places.ts';
import { vapidDetails } from '../modules/push/vapid-keys.ts';
import { backup } from './backup.ts';
import { RestoreRefused, restore } from './restore.ts';

const places = placeKeeper();
afterAll(() => places.dispose());

const keysFile = (place: Place) => path.join(place.dataDir, 'vapid-keys.json');

/** A migrated place whose server has made its Web Push key pair (or reads it from `env`), backed up. */
async function backedUpPlace(env: Record<string, string> = {}) {
  const place = await places.make(env);
  await (await migratePlace(place)).close();
  const { publicKey } = vapidDetails(configOf(place));
  const archive = path.join(place.dataDir, 'backup.tar');
  await backup(configOf(place), archive);
  return { place, archive, publicKey };
}

/** Why a restore into `place` was refused (it must be: RestoreRefused, before anything was written). */
async function refusal(place: Place, archive: string) {
  const error: unknown = await restore(configOf(place), archive).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RestoreRefused);
  expect(fs.existsSync(path.join(place.dataDir, 'db'))).toBe(false);
  return (error as RestoreRefused).message;
}

// A restore of the embedded database writes its whole data directory: tens of seconds on a busy machine.
describe('Web Push keys in backups', { timeout: 120_000 }, () => {
  it('refuses a place holding another key pair, or keys in the environment that are not the backup’s', async () => {
    const source = await backedUpPlace();
    const other = webpush.generateVAPIDKeys();

    const generatedElsewhere = await places.make();
    fs.writeFileSync(keysFile(generatedElsewhere), JSON.stringify(other));
    expect(await refusal(generatedElsewhere, source.archive)).toMatch(/holds another Web Push key pair/);

    const otherInEnvironment = await places.make({
      VAPID_PUBLIC_KEY: other.publicKey,
      VAPID_PRIVATE_KEY: other.privateKey,
    });
    expect(await refusal(otherInEnvironment, source.archive)).toMatch(
      /VAPID_PUBLIC_KEY is not the key this backup was made with/,
    );
  });

  it('keeps keys set in the environment out of the archive, and asks for the same pair at restore', async () => {
    const keys = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    const source = await backedUpPlace(env);
    expect(fs.existsSync(keysFile(source.place))).toBe(false);

    const withoutKeys = await places.make();
    expect(await refusal(withoutKeys, source.archive)).toMatch(/made with VAPID_PUBLIC_KEY set/);
    const sameKeys = await places.make(env);
    const { manifest } = await restore(configOf(sameKeys), source.archive);
    expect(manifest.vapidKeys).toEqual({ source: 'environment', publicKey: keys.publicKey });
    expect(fs.existsSync(keysFile(sameKeys))).toBe(false);
  });
});
