import { and, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ResultCache } from '../cache/result-cache.ts';
import type { Db } from './client.ts';
import { seek, type KeyDirectory } from './key-directory.ts';
import { fromKey, keyOrder, type KeyColumns } from './keyset.ts';
import { inline, type Bind } from './prepared.ts';

/**
 * A place in a list in (time, id) order: the time and the id. The time column must keep milliseconds at
 * most (precision 3), as a Date does, or a key would fall between rows.
 */
export interface TimeKey {
  createdAt: Date;
  id: string;
}

/** Places between two keys of a directory: a numbered page skips fewer rows than this. */
export const TIME_DIRECTORY_STEP = 100;

/**
 * The directory of a list in (time, id) order, `descending` or not: its length and the key of every
 * TIME_DIRECTORY_STEP-th row, read in one pass over the rows `where` keeps. The pass numbers every row,
 * so it costs several times a count (0.4 s over 500,000 rows here): only deep pages wait for it.
 */
export async function timeKeyDirectory(
  db: Db,
  table: PgTable | SQL,
  columns: KeyColumns,
  where: SQL | undefined,
  descending: boolean,
): Promise<KeyDirectory<TimeKey>> {
  const numbered = db
    .select({
      createdAt: sql<string>`${columns.createdAt}`.as('key_time'),
      id: sql<string>`${columns.id}`.as('key_id'),
      place: sql<number>`row_number() over (order by ${sql.join(keyOrder(columns, descending), sql`, `)})`.as(
        'place',
      ),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(table)
    .where(where)
    .as('numbered');
  const rows = await db
    .select({
      createdAt: sql<string>`to_json(${numbered.createdAt})#>>'{}'`,
      id: numbered.id,
      total: numbered.total,
    })
    .from(numbered)
    .where(sql`(${numbered.place} - 1) % ${TIME_DIRECTORY_STEP} = 0`)
    .orderBy(numbered.place);
  return {
    total: Number(rows[0]?.total ?? 0),
    step: TIME_DIRECTORY_STEP,
    keys: rows.map((row) => ({ createdAt: new Date(row.createdAt), id: row.id })),
  };
}

/** Where a numbered page starts: `skip` rows past a key of the directory, or past the list's start (no key). */
export interface PageStart {
  key: TimeKey | null;
  skip: number;
}

/**
 * The ids of a page: the rows `where` keeps, in the list's order, from the start's key on (or the list's
 * start), `start.skip` rows skipped; read on the (time, id) indexes alone.
 */
export function pageIds(
  db: Db,
  table: PgTable | SQL,
  columns: KeyColumns,
  where: SQL | undefined,
  descending: boolean,
  page: { start: PageStart; limit: number },
  bind: Bind = inline,
) {
  const { start, limit } = page;
  return db
    .select({ id: sql<string>`${columns.id}` })
    .from(table)
    .where(and(where, start.key ? fromKey(columns, descending, start.key, bind) : undefined))
    .orderBy(...keyOrder(columns, descending))
    .limit(bind('limit', limit) as number)
    .offset(bind('skip', start.skip) as number);
}

/** How many rows of `table` the list keeps: a shallow page's total, without a directory. */
export async function countOf(db: Db, table: PgTable | SQL, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(row?.total ?? 0);
}

/** The list's length and its directory, each kept until the list's rows change. */
export interface KeptListShape {
  count(): Promise<number>;
  directory(): Promise<KeyDirectory<TimeKey>>;
}

/**
 * Reads a numbered page: a page within the first step reads from the list's start, its total from the
 * kept count (a change then costs the next reader a count, not a directory); a deeper one seeks to the
 * directory's nearest key, its total the directory's. Answers the page's rows (none past the end) and
 * the list's length.
 */
export async function pageByDirectory<Row>(
  offset: number,
  list: KeptListShape,
  readPage: (start: PageStart) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  if (offset < TIME_DIRECTORY_STEP) {
    const [rows, total] = await Promise.all([readPage({ key: null, skip: offset }), list.count()]);
    return { rows, total };
  }
  const directory = await list.directory();
  const place = seek(directory, offset);
  return { rows: place ? await readPage(place) : [], total: directory.total };
}

/** The rows read by id for a page, put in the page's order (a row gone since its id was read is left out). */
export function inOrderOf<Row>(ids: readonly string[], rows: readonly Row[], idOf: (row: Row) => string) {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** Directories kept per list, scope and filter, weighed by their keys (a list of 500,000 rows has 5,000). */
export const keptDirectories = () =>
  new ResultCache<KeyDirectory<TimeKey>>({
    maxEntries: 500,
    maxWeight: 200_000,
    weigh: (directory) => directory.keys.length,
  });
