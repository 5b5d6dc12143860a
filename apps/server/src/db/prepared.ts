import { createHash } from 'node:crypto';
import { Column, is, noopDecoder, SQL, sql, Subquery } from 'drizzle-orm';
import type { Db } from './client.ts';

/** A value in a statement: the value itself, or a placeholder filled in when a prepared statement runs. */
export type Bind = (name: string, value: unknown) => unknown;
export const inline: Bind = (_name, value) => value;
export const placeholder: Bind = (name) => sql.placeholder(name);

export interface Preparable<T> extends PromiseLike<T> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> };
}

/**
 * Statements prepared once per shape and reused, so neither the query builder nor the database's
 * planner runs per request. `shape` names everything that changes the statement's text (which
 * filters are set, the order, where the page starts); the values go in `values` by placeholder name.
 * A statement whose plan depends on its values (a search pattern) passes `shape` null and runs inline.
 */
export function preparedStatements(prefix: string) {
  const prepared = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return async function run<T>(
    shape: string | null,
    values: Record<string, unknown>,
    query: (bind: Bind) => Preparable<T>,
  ): Promise<T> {
    if (shape === null) return query(inline);
    const name = `${prefix}_${shape}`;
    let statement = prepared.get(name);
    if (!statement) {
      statement = withCompiledMapper(query(placeholder).prepare(name));
      prepared.set(name, statement);
    }
    return (await statement.execute(values)) as T;
  };
}

/** What drizzle's prepared query keeps of a select: each selected field, by its path in the row. */
interface PreparedInternals {
  fields?: ReadonlyArray<{ path: readonly string[]; field: unknown }>;
  customResultMapper?: (rows: unknown[][]) => unknown;
  /** Each joined table, by name: false for one joined by an outer join (its fields may all be null). */
  joinsNotNullableMap?: Record<string, boolean>;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** How drizzle reads a field's value: a column decodes it, an SQL expression by its own decoder. */
function decoderOf(field: unknown): Decoder {
  const decoderOfSql = (expression: unknown) => (expression as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** A column's own reading as a function, or null when it reads the value as it comes (text, uuid). */
function decodeOf(decoder: Decoder): ((value: unknown) => unknown) | null {
  const read = decoder.mapFromDriverValue;
  if (read === noopDecoder.mapFromDriverValue || read === Column.prototype.mapFromDriverValue) return null;
  // Looked up once: a column of an aliased table is a proxy, whose every property read runs its handler.
  return read.bind(decoder);
}

/**
 * A prepared select reads its rows with each field's decoder found once, when it is prepared: the
 * query builder's own reading looks up every field's kind in every row, the most of what a page of
 * wide rows costs the server. Selections nested under an outer join (whose object becomes null when
 * the join found nothing) are left to the query builder.
 */
function withCompiledMapper<T extends object>(statement: T): T {
  const internals = statement as PreparedInternals;
  const fields = internals.fields;
  if (!fields || internals.customResultMapper) return statement;
  const outerJoined = Object.values(internals.joinsNotNullableMap ?? {}).some((notNull) => !notNull);
  if (outerJoined && fields.some((field) => field.path.length > 1)) return statement;
  const paths = fields.map((field) => field.path);
  const decoders = fields.map((field) => decodeOf(decoderOf(field.field)));
  internals.customResultMapper = (rows) =>
    rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < paths.length; index++) {
        const path = paths[index]!;
        let node = row;
        for (let depth = 0; depth < path.length - 1; depth++) {
          node = (node[path[depth]!] ??= {}) as Record<string, unknown>;
        }
        const value = values[index];
        const decode = decoders[index];
        node[path[path.length - 1]!] = value === null || !decode ? value : decode(value);
      }
      return row;
    });
  return statement;
}

interface SessionInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
}

/**
 * Runs a statement built of parts (a change with its history and its notifications) as a prepared
 * statement named for its text, so the database parses and plans each distinct text once per
 * connection instead of on every request. Only the values may vary from call to call: anything
 * interpolated as SQL text (names, optional parts) makes another statement.
 */
export async function executePrepared<Row>(db: Db, query: SQL): Promise<Row[]> {
  const { dialect, session } = db as unknown as SessionInternals;
  const built = dialect.sqlToQuery(query);
  const name = `t_${createHash('sha1').update(built.sql).digest('hex')}`;
  const result = await session.prepareQuery(built, undefined, name, false).execute();
  return result.rows as Row[];
}
