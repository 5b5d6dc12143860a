import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)('transactions on a PostgreSQL pool', () => {
  it('give back a client whose BEGIN failed: the pool goes on with its one connection, and closes', async () => {
    const database = await openDatabase({ databaseUrl, poolSize: 1 });
    const pool = (database.db as unknown as { session: { client: pg.Pool } }).session.client;
    // The connection drops as the transaction takes it, before its BEGIN (the database restarting).
    pool.once('acquire', (client) => {
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(pool.totalCount).toBe(0);
    // With the client kept, this would wait for ever for the pool's only connection.
    const { rows } = (await database.db.execute(sql`select 2 as two`)) as unknown as {
      rows: Array<{ two: number }>;
    };
    expect(rows).toEqual([{ two: 2 }]);
    await database.close();
  });
});
