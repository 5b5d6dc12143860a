import { z } from 'zod';

export const MAX_PAGE_LIMIT = 100;

/** page and limit query parameters; `defaultLimit` differs per list. */
export function pageQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number({ error: 'page must be a whole number of at least 1' })
      .int('page must be a whole number of at least 1')
      .min(1, 'page must be a whole number of at least 1')
      .default(1),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
      .int(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`)
      .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`)
      .max(MAX_PAGE_LIMIT, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`)
      .default(defaultLimit),
  });
}

export const paginationDto = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  hasNext: z.boolean(),
});

export type Pagination = z.infer<typeof paginationDto>;

/** Pagination block of a list answer. */
export function paginate(page: number, limit: number, totalItems: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalItems / limit));
  return {
    currentPage: page,
    totalPages,
    totalItems,
    itemsPerPage: limit,
    hasNext: page * limit < totalItems,
  };
}

/** Pagination of lists read by key: `nextCursor` asks for the page after this one at any depth. */
export const keysetPaginationDto = paginationDto.extend({ nextCursor: z.string().nullable() });

export type KeysetPagination = z.infer<typeof keysetPaginationDto>;

/** Pagination block of a list read by key; there is a next page exactly when there is a cursor to it. */
export function paginateByKey(
  page: number,
  limit: number,
  totalItems: number,
  nextCursor: string | null,
): KeysetPagination {
  return { ...paginate(page, limit, totalItems), hasNext: nextCursor !== null, nextCursor };
}

/**
 * The page numbers to show in a pager: all of them up to 5 pages, otherwise the first, the last and
 * the neighbours of the current page, with 'ellipsis' where pages are skipped.
 */
export function pagerItems(current: number, total: number): Array<number | 'ellipsis'> {
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: Array<number | 'ellipsis'> = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous > 1) items.push('ellipsis');
    items.push(page);
    previous = page;
  }
  return items;
}
