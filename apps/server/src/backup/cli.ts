import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { backup } from './backup.ts';
import { RestoreRefused, restore } from './restore.ts';

const BACKUP_USAGE = `Usage: npm run backup -- FILE

Writes one archive to FILE: the database, the uploaded files (local or S3) with their SHA-256 hashes,
and the app secret from DATA_DIR. Reads the same environment as npm start (DATA_DIR, DATABASE_URL, S3_*).
On PostgreSQL it runs while the server serves; the embedded database needs the server stopped.`;

const RESTORE_USAGE = `Usage: npm run restore -- [--force] [--check] FILE

Fills the database, DATA_DIR and bucket named by the environment (as for npm start) from a backup.
  --check   only read FILE and check every part against its manifest; change nothing
  --force   restore over existing data: drop Trowel's tables (PostgreSQL), move the embedded
            database aside (DATA_DIR/db.replaced-TIME), write over files and the app secret`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Parses FILE and the flags; null (after printing the usage) when they are wrong or --help. */
function parse(argv: string[], usage: string, flags: string[]) {
  const options = Object.fromEntries(
    ['help', ...flags].map((flag) => [flag, { type: 'boolean' as const, default: false }]),
  );
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
    if (values.help || positionals.length !== 1) throw new Error(usage);
    // npm runs scripts from the project's folder: FILE is where the operator typed it (INIT_CWD).
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    return { file, flags: values as Record<string, boolean> };
  } catch (error) {
    console.error(error instanceof Error && error.message !== usage ? `${error.message}\n\n${usage}` : usage);
    return null;
  }
}

/** Runs a command; answers the exit code (1 on failure, with the reason on standard error). */
async function main(work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof RestoreRefused) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

export async function backupMain(argv: string[]): Promise<number> {
  const args = parse(argv, BACKUP_USAGE, []);
  if (!args) return 2;
  return main(async () => {
    const start = performance.now();
    const summary = await backup(loadConfig(), args.file, say);
    say(`Wrote ${args.file} (${megabytes(summary.bytes)}) in ${seconds(start)}`);
  });
}

export async function restoreMain(argv: string[]): Promise<number> {
  const args = parse(argv, RESTORE_USAGE, ['force', 'check']);
  if (!args) return 2;
  return main(async () => {
    const start = performance.now();
    await restore(loadConfig(), args.file, { force: args.flags.force, checkOnly: args.flags.check }, say);
    say(args.flags.check ? `${args.file} is whole (${seconds(start)})` : `Restored in ${seconds(start)}`);
  });
}
