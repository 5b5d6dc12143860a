import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { groupBy } from '../lib/group-by.ts';
import type { Bind } from './prepared.ts';
import { batchedByTurn, batchedByTurnInGroups } from './turn-batch.ts';

/**
 * Reads of one row by key asked for in the same turn of the event loop go to the database as one
 * statement for all their keys, each key once (see `batchedByTurn`); each caller gets its row or null.
 */
export function batchedReads<V>(
  readMany: (keys: readonly string[]) => Promise<Map<string, V>>,
): (key: string) => Promise<V | null> {
  return batchedByTurn<string, V | null>(async (keys) => {
    const found = await readMany([...new Set(keys)]);
    return keys.map((key) => ({ value: found.get(key) ?? null }));
  });
}

/**
 * Reads of the rows that belong to a key (an RFQ's items, say) asked for in the same turn go to the
 * database as one statement for all their keys (see `batchedByTurn`); each caller gets its key's rows,
 * in the order the statement answered them, or none.
 */
export function batchedGroups<R>(
  readMany: (keys: readonly string[]) => Promise<readonly R[]>,
  keyOf: (row: R) => string,
): (key: string) => Promise<R[]> {
  const read = batchedReads(async (keys) => groupBy(await readMany(keys), keyOf));
  return async (key) => (await read(key)) ?? [];
}

/**
 * Like `batchedGroups` for callers that each ask for the rows of several keys at once (the lines of
 * an RFQ's quotes): one statement for every key asked for in the turn, and each caller gets the rows
 * of its own keys, in the order the statement answered them.
 */
export function batchedGroupsOfMany<R>(
  readMany: (keys: readonly string[]) => Promise<readonly R[]>,
  keyOf: (row: R) => string,
): (keys: readonly string[]) => Promise<R[]> {
  const read = batchedByTurn<readonly string[], R[]>(async (calls) => {
    const rows = await readMany([...new Set(calls.flat())]);
    const groups = groupBy(
      rows.map((row, index) => ({ row, index })),
      ({ row }) => keyOf(row),
    );
    // Each caller walks its own keys' rows only, put back in the statement's order.
    return calls.map((keys) => {
      const own = [...new Set(keys)].flatMap((key) => groups.get(key) ?? []);
      return { value: own.sort((a, b) => a.index - b.index).map(({ row }) => row) };
    });
  });
  return async (keys) => (keys.length === 0 ? [] : read(keys));
}

/**
 * Reads of one row by id as its reader may see it: the reads asked for in the same turn by readers who
 * see the same rows (the same `readerKey`: everyone's, or one person's own) go to the database as one
 * statement for all their ids; each caller gets its row, or null when it is missing or not theirs to see.
 */
export function batchedVisibleReads<Reader, V>(
  readerKey: (reader: Reader) => string,
  readMany: (reader: Reader, ids: readonly string[]) => Promise<Map<string, V>>,
): (reader: Reader, id: string) => Promise<V | null> {
  const read = batchedByTurnInGroups(
    ({ reader }: { reader: Reader; id: string }) => readerKey(reader),
    async (group) => {
      const found = await readMany(group[0]!.reader, [...new Set(group.map((call) => call.id))]);
      return group.map((call) => found.get(call.id) ?? null);
    },
  );
  return (reader, id) => read({ reader, id });
}

/** Ids as the text of one PostgreSQL array, bound as one parameter (`= any($1::uuid[])`). */
export const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** `column` is one of `ids`, bound as one array parameter named `ids` of a prepared statement. */
export const inIds = (column: SQL | AnyColumn, bind: Bind, ids: readonly string[]) =>
  sql`${column} = any(${bind('ids', idArray(ids))}::uuid[])`;
