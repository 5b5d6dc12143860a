import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { waitLongTimers } from './long-timers.ts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { givingBackFailedBegins } from './pool-transactions.ts';
import { sql } from 'drizzle-orm';

/**
 * The database handle. Statements name their tables (imported from the file that declares them), so
 * the handle is made without the schema: a module's tables need no line in a shared index.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the schema the tables live in when it is not the default (isolated test runs). */
  pgSchema?: string | undefined;
  /** Applies the committed migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Answers once the database answers a trivial statement (health checks). */
  ping(): Promise<void>;
  /** Publishes a notice on a channel (PostgreSQL NOTIFY) for every process that listens. */
  notify(channel: string, payload: string): Promise<void>;
  /** This process among those on the database (PostgreSQL: its connections' application_name). */
  processName: string;
  /** Whether the process of that name still runs: it has a connection open (PGlite: it is this one). */
  isProcessAlive(processName: string): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (`pgliteSnapshot` opens it again). */
  dump?: () => Promise<Blob>;
}

function statements(db: Db) {
  return {
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    notify: async (channel: string, payload: string) => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
  };
}

/**
 * Names this process on the database: every connection it opens carries it as its application_name,
 * so another process can tell whether it still runs (a process that died has no connection left).
 */
export const PROCESS_NAME = `trowel-${randomUUID().slice(0, 8)}`;

/** The committed migrations. */
export const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');
const MIGRATION_LOCK_ID = 7_415_003;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** PostgreSQL only: keep every table in this schema (isolated test runs). */
  pgSchema?: string | undefined;
  /** PGlite only: start from this dumped data directory (`dumpDataDir`) instead of an empty database. */
  pgliteSnapshot?: Blob | undefined;
  /** PGlite only: an embedded database already open, which its owner closes (tests reuse them). */
  pgliteClient?: PGlite | undefined;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20, options.pgSchema);
  if (options.pgliteClient) return usePglite(options.pgliteClient, async () => undefined);
  return openPglite(options.pgliteDir ?? 'memory://', options.pgliteSnapshot);
}

/** Opens the embedded database in `dir`, from the dumped data directory `snapshot` when one is given. */
export async function openPgliteClient(dir: string, snapshot?: Blob): Promise<PGlite> {
  waitLongTimers();
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  return PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
}

async function openPglite(dir: string, snapshot: Blob | undefined): Promise<Database> {
  const client = await openPgliteClient(dir, snapshot);
  return usePglite(client, () => client.close());
}

function usePglite(client: PGlite, close: () => Promise<void>): Database {
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    ...statements(db),
    // One process holds the embedded database: a name other than its own is a process gone.
    processName: PROCESS_NAME,
    isProcessAlive: async (processName) => processName === PROCESS_NAME,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    close,
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, poolSize: number, pgSchema?: string): Promise<Database> {
  if (pgSchema && !/^[a-z_][a-z0-9_]*$/.test(pgSchema)) throw new Error(`Invalid schema name: ${pgSchema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: PROCESS_NAME,
    ...(pgSchema ? { options: `-c search_path=${pgSchema},public` } : {}),
  });
  // A client losing its connection (the database restarted) must not bring the process down: idle
  // ones report to the pool, and one checked out between statements (inside a transaction) reports
  // to its own listener; either way it is no longer queryable, its query fails, and the pool drops it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (pgSchema) await pool.query(`create schema if not exists ${pgSchema}`);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  givingBackFailedBegins(db, pool);
  return {
    db,
    ...statements(db),
    processName: PROCESS_NAME,
    isProcessAlive: async (processName) => {
      if (processName === PROCESS_NAME) return true;
      const { rows } = await pool.query(
        'select 1 from pg_stat_activity where application_name = $1 limit 1',
        [processName],
      );
      return rows.length > 0;
    },
    kind: 'postgres',
    pgSchema,
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(db as never, {
          migrationsFolder,
          ...(pgSchema ? { migrationsSchema: pgSchema } : {}),
        });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}
