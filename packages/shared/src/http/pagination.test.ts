import { describe, expect, it } from 'vitest';
import { pageQuery, paginate, pagerItems } from './pagination.ts';

describe('pagerItems', () => {
  it.each([
    [1, 1, [1]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 9, [1, 2, 'ellipsis', 9]],
    [5, 9, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 9]],
    [9, 9, [1, 'ellipsis', 8, 9]],
    [3, 6, [1, 2, 3, 4, 'ellipsis', 6]],
  ] as const)('page %i of %i shows %j', (current, total, expected) => {
    expect(pagerItems(current, total)).toEqual(expected);
  });
});

describe('paginate', () => {
  it('computes pages and hasNext', () => {
    expect(paginate(1, 10, 25)).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalItems: 25,
      itemsPerPage: 10,
      hasNext: true,
    });
    expect(paginate(3, 10, 25).hasNext).toBe(false);
    expect(paginate(1, 10, 0)).toMatchObject({ totalPages: 1, hasNext: false });
  });
});

describe('pageQuery', () => {
  const query = pageQuery(10);
  it('defaults and coerces', () => {
    expect(query.parse({})).toEqual({ page: 1, limit: 10 });
    expect(query.parse({ page: '2', limit: '100' })).toEqual({ page: 2, limit: 100 });
  });
  it.each([{ limit: '101' }, { limit: '0' }, { page: '0' }, { page: 'x' }, { limit: '2.5' }])(
    'refuses %j',
    (input) => {
      expect(query.safeParse(input).success).toBe(false);
    },
  );
});
