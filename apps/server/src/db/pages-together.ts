import { and, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import type { PageStart } from './created-directory.ts';
import { keyOrder, type KeyColumns } from './keyset.ts';
import type { Bind } from './prepared.ts';
import { batchedByTurnInGroups } from './turn-batch.ts';

/** A start before every row of a list in (time, id) order: a page from the list's start seeks from it. */
const BEFORE_EVERY_ROW = {
  ascending: { time: '-infinity', id: '00000000-0000-0000-0000-000000000000' },
  descending: { time: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
} as const;

/** The values the statement of `pagesIds` binds: one array entry per page asked for. */
export function pagesValues(starts: readonly PageStart[], descending: boolean, limit: number) {
  const before = BEFORE_EVERY_ROW[descending ? 'descending' : 'ascending'];
  const array = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
  return {
    keyTimes: array(starts.map((start) => JSON.stringify(start.key?.createdAt.toISOString() ?? before.time))),
    keyIds: array(starts.map((start) => start.key?.id ?? before.id)),
    skips: array(starts.map((start) => start.skip)),
    limit,
  };
}

/**
 * The ids of several pages of one list in one statement: for each start (a key of the list's directory,
 * or its start, and the rows to skip past it), the rows `where` keeps in the list's order from that key
 * on, on the (time, id) indexes alone, as in `pageIds`. Each row carries the place of its page among the
 * starts (from 1), pages in the order of the starts and each in the list's order.
 */
export function pagesIds(
  db: Db,
  table: PgTable | SQL,
  columns: KeyColumns,
  where: SQL | undefined,
  descending: boolean,
  values: ReturnType<typeof pagesValues>,
  bind: Bind,
) {
  const fromStart = sql`(${columns.createdAt}, ${columns.id}) ${sql.raw(descending ? '<=' : '>=')} (asked.key_time, asked.key_id)`;
  const listed = db
    .select({
      id: sql<string>`${columns.id}`.as('listed_id'),
      time: sql<string>`${columns.createdAt}`.as('listed_time'),
    })
    .from(table)
    .where(and(where, fromStart))
    .orderBy(...keyOrder(columns, descending))
    .limit(bind('limit', values.limit) as number)
    .offset(sql`asked.skip` as unknown as number)
    .as('listed');
  return db
    .select({ place: sql<number>`asked.place`.mapWith(Number), id: listed.id })
    .from(
      sql`unnest(${bind('keyTimes', values.keyTimes)}::timestamptz[], ${bind('keyIds', values.keyIds)}::uuid[],
        ${bind('skips', values.skips)}::int[]) with ordinality as asked(key_time, key_id, skip, place)`,
    )
    .innerJoinLateral(listed, sql`true`)
    .orderBy(
      sql`asked.place`,
      ...keyOrder({ createdAt: sql`listed.listed_time`, id: sql`listed.listed_id` }, descending),
    );
}

/** The ids of `pagesIds`' rows, one array per start in the order the starts were given. */
export function idsByPage(rows: ReadonlyArray<{ place: number; id: string }>, pages: number): string[][] {
  const ids = Array.from({ length: pages }, (): string[] => []);
  for (const row of rows) ids[row.place - 1]!.push(row.id);
  return ids;
}

/**
 * Numbered pages of lists asked for in the same turn of the event loop: the pages of one list (the same
 * `listKey`: every reader scope, filter and length that changes the statement, whole, or calls of different
 * lists would share one list's statement) go to the database as one statement (`readPages`, built on
 * `pagesIds`), each from its own start; each caller gets its page's ids in the list's order. Many
 * people paging through the same log at once then cost one round trip instead of one each.
 */
export function pageIdsTogether<L>(
  listKey: (list: L) => string,
  readPages: (list: L, starts: readonly PageStart[]) => Promise<string[][]>,
): (list: L, start: PageStart) => Promise<string[]> {
  const read = batchedByTurnInGroups(
    ({ list }: { list: L; start: PageStart }) => listKey(list),
    (group) =>
      readPages(
        group[0]!.list,
        group.map((call) => call.start),
      ),
  );
  return (list, start) => read({ list, start });
}
