import { describe, expect, it } from 'vitest';
import { pagedQueryOptions } from './paged-query.ts';

const answer = (pagination: { currentPage: number; hasNext: boolean; nextCursor?: string | null }) => ({
  pagination,
});

describe('pagedQueryOptions', () => {
  const { initialPageParam, getNextPageParam } = pagedQueryOptions(['list'], () =>
    Promise.resolve(answer({ currentPage: 1, hasNext: false })),
  );
  const next = (last: ReturnType<typeof answer>) =>
    getNextPageParam(last, [last], initialPageParam, [initialPageParam]);

  it('starts at page 1 without a cursor', () => {
    expect(initialPageParam).toEqual({ page: 1, cursor: null });
  });

  it('asks for the page after the last one, from where it ended', () => {
    expect(next(answer({ currentPage: 2, hasNext: true, nextCursor: 'c2' }))).toEqual({
      page: 3,
      cursor: 'c2',
    });
  });

  it('asks by page number alone for a list without cursors', () => {
    expect(next(answer({ currentPage: 1, hasNext: true }))).toEqual({ page: 2, cursor: null });
  });

  it('stops when the server says there is no next page', () => {
    expect(next(answer({ currentPage: 3, hasNext: false, nextCursor: null }))).toBeUndefined();
  });
});
