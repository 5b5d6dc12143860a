import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Bind } from './prepared.ts';

/** A place in a list ordered by name, then id (names repeat): the name and id of a row. */
export interface NameKey {
  name: string;
  id: string;
}

/** Where a page starts: at a key (a numbered page) or right after it (the page after a cursor). */
export interface NamePosition {
  key: NameKey;
  inclusive: boolean;
}

/** Opaque cursor text of a key, for `pagination.nextCursor`. */
export function encodeNameKey(key: NameKey): string {
  return Buffer.from(JSON.stringify([key.name, key.id])).toString('base64url');
}

/** The key a cursor names, or null for anything else. */
export function decodeNameKey(text: string): NameKey | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [name, id] = value as [unknown, unknown];
    if (typeof name !== 'string' || typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) return null;
    return { name, id };
  } catch {
    return null;
  }
}

/** Rows from the position onwards in (name, id) order: a range of an index on (name, id, ...). */
export function fromNameKey(
  columns: { name: AnyColumn; id: AnyColumn },
  position: NamePosition,
  bind: Bind,
): SQL {
  const op = sql.raw(position.inclusive ? '>=' : '>');
  const name = bind('keyName', position.key.name);
  const id = bind('keyId', position.key.id);
  return sql`(${columns.name}, ${columns.id}) ${op} (${name}::text, ${id}::uuid)`;
}
