import { makeMigratedSnapshot } from './pglite-snapshot.ts';

/** Once per run, before the test files: the migrated database every PGlite test server starts from. */
export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await makeMigratedSnapshot();
}
