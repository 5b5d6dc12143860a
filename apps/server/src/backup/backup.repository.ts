import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';
import type { TableDigests } from './manifest.ts';

/** The schemas Trowel's migrations write: its tables, and drizzle's record of the migrations applied. */
const TROWEL_SCHEMAS = ['public', 'drizzle'];

/** What backups and restores read and change in a database as a whole, the same on PGlite and PostgreSQL. */
export function backupRepository(db: Db) {
  return {
    /**
     * Every table's row count and SHA-256 of its rows' text (each row's MD5, in order): equal digests,
     * equal contents. Call it inside a transaction, so every table is read in one snapshot.
     */
    async tableDigests(): Promise<TableDigests> {
      // Rows are written out the same way whatever the server's or the session's settings.
      await db.execute(sql`select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true),
        set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '1', true),
        set_config('bytea_output', 'hex', true)`);
      const tables = await queryRows<{ schema: string; name: string }>(
        db,
        sql`select table_schema as schema, table_name as name from information_schema.tables
            where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
            order by 1, 2`,
      );
      const digests: TableDigests = {};
      for (const { schema, name } of tables) {
        const [digest] = await queryRows<{ rows: number; sha256: string }>(
          db,
          sql`select count(*)::int as rows,
                encode(sha256(convert_to(coalesce(
                  string_agg(md5(t::text), '' order by md5(t::text) collate "C"), ''), 'UTF8')), 'hex') as sha256
              from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
        );
        digests[`${schema}.${name}`] = digest!;
      }
      return digests;
    },

    /** PostgreSQL: names this transaction's snapshot, so pg_dump can read exactly what it sees. */
    async exportSnapshot(): Promise<string> {
      const [row] = await queryRows<{ id: string }>(db, sql`select pg_export_snapshot() as id`);
      return row!.id;
    },

    /** How many tables, views and sequences exist outside the system schemas (0: an empty database). */
    async relationCount(): Promise<number> {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
              and n.nspname not in ('pg_catalog', 'information_schema')
              and n.nspname !~ '^pg_(toast|temp)'`,
      );
      return row!.count;
    },

    /** Drops Trowel's schemas with everything in them and leaves an empty public schema (restore --force). */
    async dropTrowelSchemas(): Promise<void> {
      await db.transaction(async (tx) => {
        for (const schema of TROWEL_SCHEMAS) {
          await tx.execute(sql`drop schema if exists ${sql.identifier(schema)} cascade`);
        }
        await tx.execute(sql`create schema public`);
      });
    },
  };
}
