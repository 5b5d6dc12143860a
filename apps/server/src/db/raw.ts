import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Runs raw SQL and answers its rows, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
