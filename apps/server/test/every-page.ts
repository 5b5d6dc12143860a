import { expect } from 'vitest';
import type { TestServer, TestUser } from './harness.ts';

/**
 * Every numbered page of a list, one request each, up to the empty page past the last: the rows in the
 * order the pages gave them and the list's total as that last page tells it.
 */
export async function everyPage<Row extends { id: string }>(
  server: TestServer,
  reader: TestUser,
  list: { path: string; key: string; query?: string; limit: number },
): Promise<{ ids: string[]; rows: Row[]; total: number }> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api${list.path}?${list.query ?? ''}&page=${page}&limit=${list.limit}`,
      headers: reader.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Record<string, unknown> & { pagination: { totalItems: number } }>();
    const pageRows = body[list.key] as Row[];
    if (pageRows.length === 0)
      return { ids: rows.map((row) => row.id), rows, total: body.pagination.totalItems };
    rows.push(...pageRows);
  }
}
