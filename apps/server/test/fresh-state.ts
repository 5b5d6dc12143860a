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
 * Puts the schema back as `state` found it: tables and sequences made since dropped, every table emptied
 * and the migrations' rows put back, every sequence where it was, and the session's settings, prepared
 * statements and locks let go.
 */
export async function restoreFreshState(query: Query, state: FreshState): Promise<void> {
  await query('discard all');
  // Tables and sequences a test made itself (a workflow's test bed, say) go: the migrations left none.
  const made = (
    await query<{ name: string; kind: string }>(
      `select tablename as name, 'table' as kind from pg_tables where schemaname = $1
       union all select sequencename, 'sequence' from pg_sequences where schemaname = $1`,
      [state.schema],
    )
  )
    .map((row) => ({ kind: row.kind, name: `${quoted(state.schema)}.${quoted(row.name)}` }))
    .filter(({ kind, name }) =>
      kind === 'table' ? !state.tables.includes(name) : !state.sequences.some((known) => known.name === name),
    );
  for (const { kind, name } of made.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'table' ? -1 : 1)))
    await query(`drop ${kind} if exists ${name} cascade`);
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

/** Each table's rows as a count and a digest (to compare a database with another), by qualified name. */
export async function tableDigests(query: Query, tables: readonly string[]): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const name of tables) {
    const [row] = await query<{ digest: string }>(
      `select count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
         from ${name} t`,
    );
    contents[name] = row!.digest;
  }
  return contents;
}
