import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { inline, type Bind } from './prepared.ts';

/** Where a page of a list in (created_at, id) order starts: right after a key, or at an offset. */
export interface KeysetPage {
  cursor: { createdAt: Date; id: string } | null;
  offset: number;
  limit: number;
}

/** The columns of a list's key: table columns, or SQL naming them through an alias (`r.created_at`). */
export interface KeyColumns {
  createdAt: AnyColumn | SQL;
  id: AnyColumn | SQL;
}

/** The values a page statement binds; one row more than asked tells whether another page follows. */
export function keysetValues(page: KeysetPage) {
  return {
    keyCreatedAt: page.cursor?.createdAt.toISOString(),
    keyId: page.cursor?.id,
    limit: page.limit + 1,
    offset: page.cursor ? 0 : page.offset,
  };
}

/** Rows after the cursor's key in the list's order (none on a page without a cursor). */
export function afterKey(columns: KeyColumns, descending: boolean, page: KeysetPage, bind: Bind) {
  if (!page.cursor) return undefined;
  const values = keysetValues(page);
  return sql`(${columns.createdAt}, ${columns.id}) ${sql.raw(descending ? '<' : '>')} (${bind('keyCreatedAt', values.keyCreatedAt)}::timestamptz, ${bind('keyId', values.keyId)}::uuid)`;
}

export function keyOrder(columns: KeyColumns, descending: boolean): SQL[] {
  return descending ? [desc(columns.createdAt), desc(columns.id)] : [asc(columns.createdAt), asc(columns.id)];
}

/** Limit and offset of a page statement, bound. */
export function pageBounds(page: KeysetPage, bind: Bind) {
  const values = keysetValues(page);
  return { limit: bind('limit', values.limit) as number, offset: bind('offset', values.offset) as number };
}

/** Rows from a key onwards in the list's order, the key's own row included (a numbered page's start). */
export function fromKey(
  columns: KeyColumns,
  descending: boolean,
  key: { createdAt: Date; id: string },
  bind: Bind = inline,
) {
  const at = bind('keyCreatedAt', key.createdAt.toISOString());
  return sql`(${columns.createdAt}, ${columns.id}) ${sql.raw(descending ? '<=' : '>=')} (${at}::timestamptz, ${bind('keyId', key.id)}::uuid)`;
}
