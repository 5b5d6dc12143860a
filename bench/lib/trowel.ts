import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '@trowel/server/src/config.ts';
import { createServer, type Server } from '@trowel/server/src/server.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface TrowelUnderTest {
  kind: DatabaseKind;
  server: Server;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Where the data lives, for the report. */
  location: string;
  /** The throwaway PostgreSQL database (null on PGlite). */
  databaseUrl: string | null;
  /** Process ids of the PostgreSQL backends connected to the benchmark database (null on PGlite). */
  databasePids(): Promise<number[] | null>;
  /** Closes the server and removes its data; safe to call more than once. */
  stop(): Promise<void>;
}

/** The PostgreSQL server used to create and drop the throwaway benchmark database. */
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
 * Boots the real server in this process, as `npm start` would but without demo data, on a temporary
 * data directory (PGlite lives on disk in it) or a throwaway PostgreSQL database, listening on an
 * ephemeral loopback port.
 */
export async function startTrowel(
  kind: DatabaseKind,
  admin: { email: string; password: string },
): Promise<TrowelUnderTest> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `trowel-bench-${kind}-`));
  const database = kind === 'postgres' ? await createThrowawayDatabase() : null;
  const cleanUp = async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let server: Server;
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    server = await createServer(config);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  try {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await server.close();
    await cleanUp();
    throw error;
  }
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  let stopping: Promise<void> | undefined;
  return {
    kind,
    server,
    origin: `http://127.0.0.1:${address.port}`,
    location: database ? `PostgreSQL database ${database.name}` : `PGlite in ${path.join(dataDir, 'db')}`,
    databaseUrl: database?.url ?? null,
    databasePids: async () => (database ? database.backendPids() : null),
    stop() {
      stopping ??= server.close().finally(cleanUp);
      return stopping;
    },
  };
}
