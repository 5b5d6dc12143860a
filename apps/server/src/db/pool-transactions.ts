import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

type Transaction = (tx: unknown) => Promise<unknown>;
type ConfigSql = { getTransactionConfigSQL(config: unknown): SQL };

interface SessionInternals {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction(transaction: Transaction, config?: unknown): Promise<unknown>;
}

/**
 * drizzle-orm's transaction on a pool sends BEGIN before its try block: when BEGIN fails (the connection
 * dropped as the database restarted), the client it took is never given back, the pool has one
 * connection less for good, and closing it waits for ever. Transactions here run the same steps with
 * BEGIN inside, and a client whose BEGIN failed is given back as broken (the pool drops it).
 */
export function givingBackFailedBegins(db: object, pool: pg.Pool) {
  const session = (db as unknown as { session: SessionInternals }).session;
  session.transaction = async (transaction, config) => {
    const client = await pool.connect();
    const own = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction(session.dialect, own, session.schema);
    let begun = false;
    let broken: Error | undefined;
    try {
      await tx.execute(
        sql`begin${config ? sql` ${(tx as unknown as ConfigSql).getTransactionConfigSQL(config)}` : undefined}`,
      );
      begun = true;
      try {
        const result = await transaction(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`);
        throw error;
      }
    } catch (error) {
      if (!begun) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
