/** Runs one statement (parameters `$1`, …) and answers its rows. */
export type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** A migrated schema as the migrations left it: its tables, the rows they held, its sequences' places. */
export interface FreshState {
  schema: string;
  tables: string[];
  /** Each table the migrations put rows in, with those rows as JSON. */
  rows: Array<{ table: string; json: string }>;
  sequences: Array<{ name: string; lastValue: string | null; isCalled: boolean }>;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Reads what the migrations left in `schema` (right after they ran, before anything else). */
export async function captureFreshState(query: Query, schema: string): Promise<FreshState> {
  const tables = (
    await query<{ name: string }>(
      'select tablename as name from pg_tables where schemaname = $1 order by tablename',
      [schema],
    )
  ).map((row) => `${quoted(schema)}.${quoted(row.name)}`);
  const rows: FreshState['rows'] = [];
  for (const table of tables) {
    const [held] = await query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    if (held?.json) rows.push({ table, json: held.json });
  }
  const sequences = (
    await query<{ name: string; last: string | null; called: boolean }>(
      `select sequencename as name, last_value::text as last, last_value is not null as called
         from pg_sequences where schemaname = $1 order by sequencename`,
      [schema],
    )
  ).map((row) => ({
    name: `${quoted(schema)}.${quoted(row.name)}`,
    lastValue: row.last,
    isCalled: row.called,
  }));
  return { schema, tables, rows, sequences };
}

/**
 * Puts the schema back as `state` found it: every table emptied and the migrations' rows put back,
 * every sequence where it was, and the session's settings, prepared statements and locks let go.
 */
export async function restoreFreshState(query: Query, state: FreshState): Promise<void> {
  await query('discard all');
  if (state.tables.length > 0) await query(`truncate ${state.tables.join(', ')} restart identity cascade`);
  for (const { table, json } of state.rows)
    await query(
      `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`,
      [json],
    );
  for (const sequence of state.sequences)
    await query(
      sequence.isCalled
        ? `select setval('${sequence.name}', ${sequence.lastValue}, true)`
        : `alter sequence ${sequence.name} restart`,
    );
}
