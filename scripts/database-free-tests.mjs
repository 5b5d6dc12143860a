// The server's test files that never open a database: they name none of the ways a test reaches one
// (a test server, the server itself, a database opened directly, the PostgreSQL test address, the fuzz
// world). The API tests' second run, on PostgreSQL, leaves them out: they would test the same thing twice.
import fs from 'node:fs';
import path from 'node:path';

const REACHES_A_DATABASE =
  /startTestServer|createServer|openDatabase|TEST_DATABASE_URL|buildFuzzWorld|harness/;

/** Every such file under apps/server's src and test folders, as a glob Vitest's --exclude takes. */
export function databaseFreeServerTests(root) {
  const server = path.join(root, 'apps/server');
  return ['src', 'test']
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(server, folder), { recursive: true, encoding: 'utf8' })
        .map((file) => path.join(folder, file)),
    )
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => !REACHES_A_DATABASE.test(fs.readFileSync(path.join(server, file), 'utf8')))
    .map((file) => `**/${file}`);
}
