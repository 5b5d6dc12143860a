// The server under test runs as a process of its own, started as `npm start` starts it (node
// scripts/start.mjs, which registers the tsx loader and imports apps/server/src/main.ts), so its
// resident memory and CPU time are the server's alone, not the benchmark's seeding data and plumbing.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { loadConfig, type Config } from '@trowel/server/src/config.ts';
import { createContext } from '@trowel/server/src/context.ts';
import { MODULES } from '@trowel/server/src/modules.ts';
import { openDatabase, type Db } from '@trowel/server/src/db/client.ts';
import { ensureFirstAdmin } from '@trowel/server/src/seed/seed.ts';
import { localStorage } from '@trowel/server/src/storage/local-storage.ts';
import { cleanups } from './cleanup.ts';
import { processMemory } from './memory.ts';
import { freePort } from './ports.ts';

export type DatabaseKind = 'postgres' | 'pglite';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_SCRIPT = path.join(ROOT, 'scripts', 'start.mjs');
const START_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 20_000;
/**
 * Node's own options for the server process, space-separated (BENCH_SERVER_NODE_ARGS): a CPU profile of
 * the server under load, say, with `--cpu-prof --cpu-prof-dir=DIR`, written when it stops.
 */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Lines of the server's output kept to explain a failed start or a crash. */
const OUTPUT_TAIL_LINES = 40;

/** Settings the server reads that the benchmark does not set: left out, so the caller's shell cannot change what is measured. */
const UNSET_SERVER_SETTINGS = [
  'DATABASE_URL',
  'PUBLIC_URL',
  'SESSION_TTL_HOURS',
  'CORS_ORIGINS',
  'TRUST_PROXY',
  'BODY_LIMIT_BYTES',
  'JOB_CONCURRENCY',
  'RUN_WORKER',
  'WEB_DIST',
];

export interface TrowelUnderTest<Prepared = unknown> {
  kind: DatabaseKind;
  /** Process id of the server (the node process running scripts/start.mjs). */
  pid: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Where the data lives, for the report. */
  location: string;
  /** The throwaway PostgreSQL database (null on PGlite). */
  databaseUrl: string | null;
  /** The configuration the server read from the environment it was given (to run its services here). */
  config: Config;
  /** What `prepare` answered. */
  prepared: Prepared;
  /** Resident memory of the server process when GET /api/health first answered 200, in MB. */
  startedRssMb: number | null;
  /** Process ids of the PostgreSQL backends connected to the benchmark database (null on PGlite). */
  databasePids(): Promise<number[] | null>;
  /** Stops the server (SIGTERM, SIGKILL after 20 s) and removes its data; safe to call more than once. */
  stop(): Promise<void>;
}

export interface TrowelOptions<Prepared> {
  /** The administrator the server would create on first start from ADMIN_EMAIL and ADMIN_PASSWORD. */
  admin: { email: string; password: string };
  /**
   * Writes the benchmark's data through the benchmark's own connection, before the server starts: on
   * PGlite only one process can open the directory, and on PostgreSQL a running server would have
   * cached totals that direct writes do not invalidate. The handle is closed when this returns.
   */
  prepare(db: Db): Promise<Prepared>;
  /** Server settings to run with beyond the benchmark's (JOB_CONCURRENCY, say); unset ones keep their defaults. */
  env?: Record<string, string>;
}

/** The PostgreSQL server used to create and drop the throwaway benchmark database. */
/** The administrator a benchmark's server creates on first start: a fixed address, a password of the run's own. */
export const benchAdmin = () => ({
  email: 'bench-admin@trowel.test',
  password: randomBytes(12).toString('base64url'),
});

export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withAdminClient(run: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** A throwaway database on the PostgreSQL server; `drop()` removes it. */
interface ThrowawayDatabase {
  url: string;
  name: string;
  backendPids(): Promise<number[]>;
  drop(): Promise<void>;
}

async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const name = `bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await withAdminClient(async (client) => {
    await client.query(`create database ${name}`);
  });
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async backendPids() {
      let pids: number[] = [];
      await withAdminClient(async (client) => {
        const result = await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        pids = result.rows.map((row) => row.pid);
      });
      return pids;
    },
    drop: () =>
      withAdminClient(async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/**
 * Migrates the database as the server does, creates the administrator as the server's first start
 * would (seeding needs one), then runs `prepare`; the handle is closed in every case.
 */
async function prepareData<Prepared>(config: Config, options: TrowelOptions<Prepared>): Promise<Prepared> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: 4,
  });
  try {
    await database.migrate();
    const ctx = createContext(config, database, localStorage(path.join(config.dataDir, 'files')), MODULES);
    await ensureFirstAdmin(ctx);
    return await options.prepare(database.db);
  } finally {
    await database.close();
  }
}

/** The environment the server runs with: the caller's, less the server settings, plus the benchmark's. */
export function serverEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of UNSET_SERVER_SETTINGS) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('S3_')) delete env[name];
  return { ...env, ...settings };
}

export function isRunning(child: ChildProcess) {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM (the server closes its connections and exits), then SIGKILL after a grace period. */
export async function stopProcess(child: ChildProcess) {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
  await exited;
  clearTimeout(force);
}

/** Relays the server's output (warnings and errors at LOG_LEVEL=warn) and keeps its last lines. */
export function relayOutput(child: ChildProcess, label: string) {
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on('line', (line) => {
      tail.push(line);
      if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
      console.error(`[${label}] ${line}`);
    });
  }
  return () => tail.join('\n');
}

/** Polls GET /api/health until it answers 200; throws if the process exits first or the limit passes. */
export async function waitUntilHealthy(child: ChildProcess, origin: string, output: () => string) {
  const started = performance.now();
  while (performance.now() - started < START_LIMIT_MS) {
    if (!isRunning(child)) {
      throw new Error(
        `the server exited (code ${child.exitCode ?? 'none'}, signal ${child.signalCode ?? 'none'}) ` +
          `before it answered:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`the server did not answer 200 on ${origin}/api/health within ${START_LIMIT_MS} ms`);
}

/**
 * Creates a throwaway PostgreSQL database or a temporary data directory (PGlite on disk), fills it
 * through the benchmark's own connection (`prepare`), then starts the real server on it as a child
 * process, as `npm start` would but without demo data or a web build, on a free loopback port, and
 * answers once GET /api/health answers 200. The server is registered for clean-up on Ctrl-C.
 */
export async function startTrowel<Prepared>(
  kind: DatabaseKind,
  options: TrowelOptions<Prepared>,
): Promise<TrowelUnderTest<Prepared>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `trowel-bench-${kind}-`));
  let database: ThrowawayDatabase | null = null;
  let child: ChildProcess | null = null;
  let stopping: Promise<void> | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  const stop = () => {
    stopping ??= (async () => {
      if (child) await stopProcess(child);
      process.off('exit', killOnExit);
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      cleanups.delete(stop);
    })();
    return stopping;
  };
  cleanups.add(stop);
  try {
    database = kind === 'postgres' ? await createThrowawayDatabase() : null;
    // Shared by this process (which writes through the server's own code) and the server.
    const appSecret = randomBytes(32).toString('base64url');
    const settings = (port: number): Record<string, string> => ({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      SKIP_WEB_BUILD: 'true',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      APP_SECRET: appSecret,
      LOG_LEVEL: 'warn',
      ...options.env,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const prepared = await prepareData(loadConfig(settings(0)), options);

    const port = await freePort();
    const env = settings(port);
    const config = loadConfig(env);
    const origin = `http://127.0.0.1:${port}`;
    const started = spawn(process.execPath, [...SERVER_NODE_ARGS, START_SCRIPT], {
      cwd: ROOT,
      env: serverEnvironment(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: Ctrl-C reaches this process only, whose clean-up stops the server
      // (SIGTERM) before dropping its database.
      detached: true,
    });
    child = started;
    process.on('exit', killOnExit);
    const output = relayOutput(started, `server ${kind}`);
    started.once('exit', (code, signal) => {
      if (!stopping) {
        console.error(
          `the ${kind} server exited unexpectedly (code ${code ?? 'none'}, signal ${signal ?? 'none'})`,
        );
      }
    });
    await waitUntilHealthy(started, origin, output);
    if (started.pid === undefined) throw new Error('the server process has no pid');
    const throwaway = database;
    return {
      kind,
      pid: started.pid,
      origin,
      location: throwaway ? `PostgreSQL database ${throwaway.name}` : `PGlite in ${path.join(dataDir, 'db')}`,
      databaseUrl: throwaway?.url ?? null,
      config,
      prepared,
      startedRssMb: processMemory(started.pid)?.rssMb ?? null,
      databasePids: async () => (throwaway ? throwaway.backendPids() : null),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
