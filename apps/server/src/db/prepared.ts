import { sql } from 'drizzle-orm';

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
      statement = query(placeholder).prepare(name);
      prepared.set(name, statement);
    }
    return (await statement.execute(values)) as T;
  };
}
