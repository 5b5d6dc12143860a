// A PostgreSQL server of the test's own (initdb into a temporary directory, pg_ctl on a port of the
// caller's choosing, trust authentication on loopback), for the faults that stop or restart the
// database: the machine's shared server is never touched. Removed by stop(), or when the process exits.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePortFrom } from './free-port.ts';

export interface PostgresCluster {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** Stops the server (`fast`: it ends every session; `immediate`: as a crash would). */
  stopServer(mode?: 'fast' | 'immediate'): void;
  startServer(): void;
  /** Stops the server, waits `downMs`, starts it again; answers how long it was unreachable, in ms. */
  restart(downMs: number, mode?: 'fast' | 'immediate'): Promise<number>;
  /** Stops the server and removes its directory; safe to call more than once. */
  stop(): void;
}

const BINARY_DIRS = ['/usr/local/bin', '/usr/bin', ...postgresLibDirs()];

function postgresLibDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'));
}

function binary(name: 'initdb' | 'pg_ctl'): string | null {
  for (const dir of BINARY_DIRS) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/** Whether this machine can run a cluster of its own (initdb and pg_ctl are installed). */
export const canRunOwnPostgres = binary('initdb') !== null && binary('pg_ctl') !== null;

/** PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` account. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('running as root needs a postgres account to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Creates and starts a cluster on 127.0.0.1, on the first free port from `firstPort`. */
export async function startPostgresCluster(firstPort: number): Promise<PostgresCluster> {
  const initdb = binary('initdb');
  const pgCtl = binary('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('initdb and pg_ctl are needed (PostgreSQL server binaries)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-pg-'));
  const data = path.join(dir, 'data');
  const user = runAs();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const run = (file: string, args: string[]) =>
    execFileSync(file, args, { cwd: dir, stdio: 'pipe', ...(user ?? {}) });
  let port = firstPort;
  const options = () =>
    [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      // The faults here stop the database, never the machine: the data need not reach the disk.
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');

  let stopped = false;
  const stopServer = (mode: 'fast' | 'immediate' = 'fast') => {
    run(pgCtl, ['-D', data, '-m', mode, '-w', 'stop']);
  };
  const startServer = () => {
    run(pgCtl, ['-D', data, '-o', options(), '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      stopServer('immediate');
    } catch {
      // not running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;

  process.on('exit', stop);
  try {
    run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    // Chosen once the cluster is made, just before it listens: another run may be using the range too.
    port = await freePortFrom(firstPort, 10);
    startServer();
  } catch (error) {
    stop();
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`could not start PostgreSQL from port ${firstPort}: ${output || String(error)}`, {
      cause: error,
    });
  }

  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stopServer,
    startServer,
    async restart(downMs, mode = 'fast') {
      const started = performance.now();
      stopServer(mode);
      await sleep(downMs);
      startServer();
      return performance.now() - started;
    },
    stop,
  };
}
