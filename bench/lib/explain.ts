import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '@trowel/server/src/db/client.ts';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/**
 * A second connection to a PostgreSQL database whose drizzle instance records every statement it sends:
 * handing it to the server's own repositories captures exactly the SQL an endpoint runs.
 */
export interface RecordingDatabase {
  db: Db;
  /** Runs `work` and answers the statements it sent, in order. */
  capture(work: (db: Db) => Promise<unknown>): Promise<CapturedQuery[]>;
  /** EXPLAIN (ANALYZE, BUFFERS) of a statement, `runs` times; answers the last (warm) plan. */
  explain(query: CapturedQuery, runs?: number): Promise<QueryPlan>;
  close(): Promise<void>;
}

export interface QueryPlan {
  sql: string;
  params: unknown[];
  planningMs: number | null;
  executionMs: number | null;
  /** The plan as PostgreSQL prints it, one line per entry. */
  plan: string[];
}

function milliseconds(lines: readonly string[], label: string): number | null {
  for (const line of lines) {
    const match = new RegExp(`^${label}: ([\\d.]+) ms$`).exec(line.trim());
    if (match) return Number(match[1]);
  }
  return null;
}

export function openRecordingDatabase(url: string): RecordingDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  let recording: CapturedQuery[] | null = null;
  const db = drizzle({
    client: pool,
    logger: { logQuery: (query, params) => recording?.push({ sql: query, params: [...params] }) },
  }) as unknown as Db;
  return {
    db,
    async capture(work) {
      recording = [];
      try {
        await work(db);
        return recording;
      } finally {
        recording = null;
      }
    },
    async explain(query, runs = 3) {
      let lines: string[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${query.sql}`,
          query.params,
        );
        lines = result.rows.map((row) => row['QUERY PLAN']);
      }
      return {
        sql: query.sql,
        params: query.params,
        planningMs: milliseconds(lines, 'Planning Time'),
        executionMs: milliseconds(lines, 'Execution Time'),
        plan: lines,
      };
    },
    close: () => pool.end(),
  };
}
