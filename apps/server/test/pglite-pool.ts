import type { PGlite } from '@electric-sql/pglite';
import { openPgliteClient } from '../src/db/client.ts';
import { captureFreshState, restoreFreshState, type FreshState, type Query } from './fresh-state.ts';
import { migratedSnapshot } from './pglite-snapshot.ts';

/** An embedded database lent to one test server: given back once the server closed, else closed. */
export interface PgliteLease {
  client: PGlite;
  giveBack(): void;
  close(): Promise<void>;
}

/** The databases servers of this process closed, each ready to be emptied for the next. */
const idle: PGlite[] = [];
/** What the migrations left in the snapshot, read from the first database opened from it. */
let fresh: FreshState | undefined;

const queryOf =
  (client: PGlite): Query =>
  async <Row>(text: string, params?: unknown[]) =>
    (await client.query<Row>(text, params)).rows;

/** A kept database emptied to what the migrations left, or none when none is kept (or it failed). */
async function emptiedKept(): Promise<PGlite | undefined> {
  const client = idle.pop();
  if (!client || !fresh) return undefined;
  try {
    await restoreFreshState(queryOf(client), fresh);
    return client;
  } catch (error) {
    console.error('a kept test database could not be emptied; opening another', error);
    await client.close().catch(() => undefined);
    return undefined;
  }
}

/**
 * An embedded database as the migrations left it, for one test server. Opening one from the migrated
 * snapshot costs some 1.5 s of CPU, emptying one a test server used a tenth of that: a closed server's
 * database is kept for the next (a Vitest worker runs many test files one after the other), and
 * emptied first (`restoreFreshState`). Servers open at once get one each.
 */
export async function leasePglite(): Promise<PgliteLease> {
  let client = await emptiedKept();
  if (!client) {
    client = await openPgliteClient('memory://', await migratedSnapshot());
    fresh ??= await captureFreshState(queryOf(client), 'public');
  }
  const lent = client;
  return { client: lent, giveBack: () => idle.push(lent), close: () => lent.close() };
}
