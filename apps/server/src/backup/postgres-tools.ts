import { spawn } from 'node:child_process';

/**
 * libpq's view of DATABASE_URL for pg_dump and pg_restore: the URL without its password, which goes in
 * PGPASSWORD instead, so it never shows on a command line (`ps`).
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs one of PostgreSQL's client programs; a failure carries what it wrote to standard error. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${program} was not found: install PostgreSQL's client programs (of the server's major ` +
                'version or newer) and put them on PATH',
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code === 0) resolve(Buffer.concat(out).toString('utf8').trim());
      else reject(new Error(`${program} failed (exit code ${code}): ${stderr}`));
    });
  });
}

/** `pg_dump (PostgreSQL) 15.20`: recorded in the manifest. */
export function pgDumpVersion(): Promise<string> {
  return run('pg_dump', ['--version']);
}

/** Dumps the whole database, as the exported `snapshot` sees it, in pg_dump's custom format. */
export async function pgDump(databaseUrl: string, snapshot: string, target: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run(
    'pg_dump',
    ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${target}`, `--dbname=${dbname}`],
    env,
  );
}

/**
 * Restores a custom-format dump in one transaction: all of it or, on the first error, nothing. Objects
 * belong to the role of DATABASE_URL, whoever owned them where the dump was made.
 */
export async function pgRestore(databaseUrl: string, source: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      '--no-password',
      `--dbname=${dbname}`,
      source,
    ],
    env,
  );
}
