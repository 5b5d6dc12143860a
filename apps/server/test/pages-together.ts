import { expect } from 'vitest';
import type { PageStart } from '../src/db/created-directory.ts';

/** A list as a reader sees it: how to name it in a failure, and its ids in its order. */
export interface PagedList {
  label: string;
  ids: readonly string[];
}

/**
 * Pages of several lists asked for at the same moment (one turn of the event loop), each from the list's
 * start and from keys deep in it, a few rows skipped, one past the end: each page must hold the ids the
 * list holds there, as if it had been read alone.
 */
export async function expectPagesTogether<L extends PagedList>(
  lists: readonly L[],
  keyTime: (id: string) => Date,
  limit: number,
  readPage: (list: L, start: PageStart) => Promise<ReadonlyArray<{ id: string }>>,
) {
  const asks = lists.flatMap((list) =>
    [
      { at: null, skip: 0 },
      { at: null, skip: 7 },
      { at: Math.floor(list.ids.length / 3), skip: 0 },
      { at: Math.floor(list.ids.length / 2), skip: 5 },
      { at: list.ids.length - 2, skip: 3 },
    ].map(({ at, skip }) => {
      const key = at === null ? null : { createdAt: keyTime(list.ids[at]!), id: list.ids[at]! };
      const from = (at ?? 0) + skip;
      return { list, start: { key, skip }, want: list.ids.slice(from, from + limit) };
    }),
  );
  const together = await Promise.all(asks.map(({ list, start }) => readPage(list, start)));
  for (const [index, { list, start, want }] of asks.entries()) {
    const label = `${list.label} from ${start.key?.id ?? 'the start'} + ${start.skip}`;
    expect(
      together[index]!.map((row) => row.id),
      label,
    ).toEqual(want);
  }
  expect(asks.some(({ want }) => want.length === 0)).toBe(true);
}
