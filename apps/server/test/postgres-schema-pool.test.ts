import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDigests } from './fresh-state.ts';
import { makeProject, startTestServer } from './harness.ts';
import { giveBackSchema, leaseSchema } from './postgres-schema-pool.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(databaseUrl))('the test servers’ PostgreSQL schemas', () => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  afterAll(() => pool.end());

  /** Everything a test could see of a schema: each table's rows and each sequence's place. */
  async function fingerprint(schema: string) {
    const { rows: tables } = await pool.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = $1 order by 1`,
      [schema],
    );
    const contents = await tableDigests(
      async <Row>(text: string) => (await pool.query(text)).rows as Row[],
      tables.map((table) => table.name),
    );
    const { rows: sequences } = await pool.query(
      'select sequencename, last_value from pg_sequences where schemaname = $1 order by 1',
      [schema],
    );
    return { contents, sequences };
  }

  it('are kept from one server to the next and given back as the migrations left them', async () => {
    const schema = await leaseSchema(databaseUrl!);
    const expected = await fingerprint(schema);
    expect(Object.keys(expected.contents).length).toBeGreaterThan(30);
    giveBackSchema(schema);

    // The server gets the schema just given back, and leaves rows in many tables and a table of its own.
    const server = await startTestServer();
    expect(server.pgSchema).toBe(schema);
    const lead = await server.user('project_lead');
    await makeProject(server, { lead, client: await server.user('client'), assignee: lead });
    await pool.query(`create table ${schema}.made_by_a_test (id serial primary key)`);
    await pool.query(
      `select nextval(format('%I.%I', schemaname, sequencename)) from pg_sequences where schemaname = $1`,
      [schema],
    );
    expect((await fingerprint(schema)).contents).not.toEqual(expected.contents);
    // A second server on the same schema keeps it lent until both closed.
    const second = await startTestServer({}, schema);
    await server.stop();
    const other = await leaseSchema(databaseUrl!);
    expect(other).not.toBe(schema);
    giveBackSchema(other);
    await second.stop();

    const next = await leaseSchema(databaseUrl!);
    try {
      expect(next).toBe(schema);
      expect(await fingerprint(next)).toEqual(expected);
    } finally {
      giveBackSchema(next);
    }
  });
});
