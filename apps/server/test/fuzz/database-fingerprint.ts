import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/raw.ts';

/**
 * Tables a refused request may write to, on purpose: the sign-in throttle counts failed sign-ins
 * (a refusal is what it counts), sessions note when they were last used, and a read of budgets keeps
 * their answers (derived from rows that did not change).
 */
export const BOOKKEEPING_TABLES = new Set(['login_throttle', 'sessions', 'budget_answers', 'budget_pages']);

/** Each table's row count and a hash of its rows, and the files in storage. */
export type Fingerprint = Record<string, string>;

const FILES = '(stored files)';

export async function tableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.name).filter((name) => !BOOKKEEPING_TABLES.has(name));
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    const full = path.join(entry.parentPath, entry.name);
    return [`${path.relative(dir, full)}:${fs.statSync(full).size}`];
  });
}

/**
 * The state a refused request must leave as it found it: every table's row count and the md5 of its
 * rows (in one statement), and every stored file with its size.
 */
export async function fingerprint(db: Db, tables: readonly string[], filesDir: string): Promise<Fingerprint> {
  const parts = tables.map(
    (table) =>
      `select '${table}' as name, count(*)::text || ' rows ' || ` +
      `coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as state from "${table}" t`,
  );
  const rows = await queryRows<{ name: string; state: string }>(db, sql.raw(parts.join(' union all ')));
  const state: Fingerprint = Object.fromEntries(rows.map((row) => [row.name, row.state]));
  state[FILES] = listFiles(filesDir).sort().join(',');
  return state;
}

/** The tables whose state differs, and the stored files that came or went. */
export function differences(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name] !== after[name])
    .sort()
    .map((name) => {
      if (name !== FILES) return `table ${name}`;
      const was = new Set(before[name]!.split(',').filter(Boolean));
      const is = new Set(after[name]!.split(',').filter(Boolean));
      const came = [...is].filter((file) => !was.has(file));
      const went = [...was].filter((file) => !is.has(file));
      return `stored files (new: ${came.join(' ') || 'none'}; gone: ${went.join(' ') || 'none'})`;
    });
}
