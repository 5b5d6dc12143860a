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
  /**
   * The same of a statement the server prepares once and runs many times (`db/prepared.ts`): after five
   * runs PostgreSQL plans such a statement once for any values (a generic plan), which is explained here.
   */
  explainPrepared(query: CapturedQuery, runs?: number): Promise<QueryPlan>;
  close(): Promise<void>;
}

export interface QueryPlan {
  sql: string;
  params: unknown[];
  planningMs: number | null;
  executionMs: number | null;
  /** Shared buffers the statement touched (hit and read, the top node's count; planning's left out). */
  buffers: number | null;
  /** The plan as PostgreSQL prints it, one line per entry. */
  plan: string[];
}

/** The top node's `Buffers: shared hit=… read=…`, summed. */
function buffersOf(lines: readonly string[]): number | null {
  const line = lines.find((entry) => entry.trim().startsWith('Buffers: shared'));
  if (!line) return null;
  return [...line.matchAll(/(hit|read)=(\d+)/g)].reduce((sum, match) => sum + Number(match[2]), 0);
}

const planOf = (query: CapturedQuery, lines: string[]): QueryPlan => ({
  sql: query.sql,
  params: query.params,
  planningMs: milliseconds(lines, 'Planning Time'),
  executionMs: milliseconds(lines, 'Execution Time'),
  buffers: buffersOf(lines),
  plan: lines,
});

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
      return planOf(query, lines);
    },
    async explainPrepared(query, runs = 3) {
      const client = await pool.connect();
      try {
        await client.query('set plan_cache_mode = force_generic_plan');
        await client.query(`prepare explained as ${query.sql}`);
        const values = query.params.map((value) =>
          value === null ? 'null' : client.escapeLiteral(typeof value === 'string' ? value : String(value)),
        );
        const execute = `execute explained${values.length ? `(${values.join(', ')})` : ''}`;
        let lines: string[] = [];
        for (let run = 0; run < runs; run++) {
          const result = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${execute}`,
          );
          lines = result.rows.map((row) => row['QUERY PLAN']);
        }
        return planOf(query, lines);
      } finally {
        await client.query('deallocate all; reset plan_cache_mode').catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The recording handle in the shape of the server's database, for a context (`createContext`) whose
 * services then run their statements on it: nothing migrates, pings or notifies.
 */
export function asServerDatabase(recording: RecordingDatabase) {
  return {
    db: recording.db,
    kind: 'postgres' as const,
    migrate: () => Promise.resolve(),
    ping: () => Promise.resolve(),
    notify: () => Promise.resolve(),
    processName: 'bench-explain',
    isProcessAlive: () => Promise.resolve(true),
    close: () => Promise.resolve(),
  };
}
