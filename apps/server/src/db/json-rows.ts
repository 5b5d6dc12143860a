import { getTableColumns, type Column, type InferSelectModel, type Table } from 'drizzle-orm';

/** Each table's columns as [property, column] pairs, listed once per table. */
const columnsOf = new WeakMap<Table, ReadonlyArray<readonly [string, Column]>>();

function columnList(table: Table) {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsOf.set(table, columns);
  }
  return columns;
}

/**
 * Rows of `table` that a statement returned as JSON (`to_json(alias)`, keyed by column name), read as
 * the query builder reads them: property names, dates, numbers. Lets one statement bring a page and
 * the rows nested under it instead of one round trip per level.
 */
export function rowsFromJson<T extends Table>(
  table: T,
  values: ReadonlyArray<Record<string, unknown>>,
): Array<InferSelectModel<T>> {
  const columns = columnList(table);
  return values.map((value) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const raw = value[column.name];
      row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
    }
    return row as InferSelectModel<T>;
  });
}
