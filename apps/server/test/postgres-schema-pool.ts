import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { captureFreshState, restoreFreshState, type FreshState, type Query } from './fresh-state.ts';

/**
 * Schemas of the PostgreSQL test database (TEST_DATABASE_URL) lent to test servers, as the embedded
 * databases are (`pglite-pool.ts`): migrating a new schema costs PostgreSQL some 1.2 s of CPU, emptying
 * one a test server used a small part of that. A schema closed servers gave back is kept for the next
 * server of this process and emptied first to what the migrations left (`restoreFreshState`).
 */

/** What the migrations left in each schema this process made (names are schema-qualified). */
const fresh = new Map<string, FreshState>();
/** Schemas no server uses now, each to be emptied for the next. */
const idle: string[] = [];
/** How many running servers use each lent schema (a second server may share the first's). */
const users = new Map<string, number>();

let admin: pg.Pool | undefined;
const queryOf =
  (pool: pg.Pool): Query =>
  async <Row>(text: string, params?: unknown[]) =>
    (await pool.query(text, params)).rows as Row[];

/** A schema migrated now, with what the migrations left in it read before any server opens it. */
async function migratedSchema(databaseUrl: string): Promise<string> {
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const database = await openDatabase({ databaseUrl, pgSchema: name, poolSize: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // Open for the process's life, it does not keep the process (a Vitest worker) alive.
  admin ??= new pg.Pool({ connectionString: databaseUrl, max: 1, allowExitOnIdle: true });
  fresh.set(name, await captureFreshState(queryOf(admin), name));
  return name;
}

/** A kept schema emptied to what the migrations left, or none when none is kept (or emptying failed). */
async function emptiedKept(): Promise<string | undefined> {
  const name = idle.pop();
  const state = name ? fresh.get(name) : undefined;
  if (!name || !state || !admin) return undefined;
  try {
    await restoreFreshState(queryOf(admin), state);
    return name;
  } catch (error) {
    console.error('a kept test schema could not be emptied; migrating another', error);
    fresh.delete(name);
    await admin.query(`drop schema if exists ${name} cascade`).catch(() => undefined);
    return undefined;
  }
}

/** A schema as the migrations left it, for one test server (given back with `giveBackSchema`). */
export async function leaseSchema(databaseUrl: string): Promise<string> {
  const name = (await emptiedKept()) ?? (await migratedSchema(databaseUrl));
  users.set(name, 1);
  return name;
}

/** A second server on a schema already lent: it is kept until both gave it back. */
export function shareSchema(name: string) {
  users.set(name, (users.get(name) ?? 0) + 1);
}

/** A server that closed gives its schema back; the last of its users makes it ready for the next. */
export function giveBackSchema(name: string) {
  const left = (users.get(name) ?? 1) - 1;
  if (left > 0) {
    users.set(name, left);
    return;
  }
  users.delete(name);
  if (fresh.has(name)) idle.push(name);
}
