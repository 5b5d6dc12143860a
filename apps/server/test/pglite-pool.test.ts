import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openPgliteClient } from '../src/db/client.ts';
import { tableDigests } from './fresh-state.ts';
import { makeProject, startTestServer } from './harness.ts';
import { leasePglite } from './pglite-pool.ts';
import { migratedSnapshot } from './pglite-snapshot.ts';

/** Everything a test could see of a database: each table's rows, each sequence's place, the settings. */
async function fingerprint(client: PGlite) {
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const contents = await tableDigests(
    async <Row>(text: string) => (await client.query<Row>(text)).rows,
    tables.map((table) => table.name),
  );
  const sequences = await client.query(
    'select schemaname, sequencename, last_value from pg_sequences order by 1, 2',
  );
  const settings = await client.query(
    "select name, setting from pg_settings where source = 'session' order by name",
  );
  return { contents, sequences: sequences.rows, settings: settings.rows };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the test servers’ embedded databases', () => {
  it('are kept from one server to the next and given back as the migrations left them', async () => {
    const fresh = await openPgliteClient('memory://', await migratedSnapshot());
    const expected = await fingerprint(fresh);
    await fresh.close();

    const lease = await leasePglite();
    lease.giveBack();
    // The server gets the database just given back, and leaves rows in many tables behind.
    const server = await startTestServer();
    const lead = await server.user('project_lead');
    await makeProject(server, { lead, client: await server.user('client'), assignee: lead });
    await lease.client.exec(`
      select nextval(format('%I.%I', schemaname, sequencename)) from pg_sequences where schemaname = 'public';
      set statement_timeout = '1234s';
    `);
    expect((await fingerprint(lease.client)).contents).not.toEqual(expected.contents);
    await server.stop();

    const next = await leasePglite();
    try {
      expect(next.client).toBe(lease.client);
      expect(await fingerprint(next.client)).toEqual(expected);
    } finally {
      next.giveBack();
    }
  });
});
