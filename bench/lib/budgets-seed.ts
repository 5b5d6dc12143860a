// The budgets benchmark's data, in bulk SQL: projects, budgets with two lines and a history row each.
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';

export const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export interface BudgetSeed {
  projects: number;
  budgets: number;
  /** Budgets left pending the administrator, the newest ones, for the approvals to race on. */
  pendingAdmin: number;
}

/** Projects, budgets with two lines each, and each budget's creation in the history, in SQL. */
export async function seedBudgets(db: Db, { projects, budgets, pendingAdmin }: BudgetSeed) {
  const started = performance.now();
  await db.execute(sql`
    insert into projects (title, category, status, start_date, end_date, budget, project_lead_id)
    select 'Bench project ' || g, 'Residential', 'in_progress', '2026-01-01', '2027-12-31', 50000000,
      (select array_agg(id order by id) from users where role = 'project_lead')[1 + g % 20]
    from generate_series(1, ${projects}) g`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) - 1 as n from projects),
      author as (select id from users where role = 'accountant' order by id limit 1)
    insert into budgets (project_id, author_id, author_role, status, total_kobo, created_at, updated_at)
    select p.id, (select id from author), 'accountant',
      (array['pending_qs','pending_accountant','pending_admin','approved','revision_needed','rejected'])[1 + g % 6],
      190000000 + 120000050, now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${budgets}) g join numbered p on p.n = g % ${projects}`);
  await db.execute(sql`
    insert into budget_items (budget_id, position, description, quantity, unit_price_kobo, total_kobo, notes)
    select b.id, x, case x when 0 then 'Cement (50kg bags)' else 'Reinforcement bars 12mm' end,
      case x when 0 then 200 else 2.5 end, case x when 0 then 950000 else 48000020 end,
      case x when 0 then 190000000 else 120000050 end, ''
    from budgets b cross join generate_series(0, 1) x`);
  await db.execute(sql`
    insert into status_history (workflow, entity_id, action, from_status, to_status, actor_id, created_at)
    select 'budget', id, 'create', null, status, author_id, created_at from budgets`);
  // The budgets the approvals race on: the newest ones, all pending the administrator.
  const pending = await rowsOf<{ id: string }>(
    db,
    sql`update budgets set status = 'pending_admin' where id in (
      select id from budgets order by created_at desc limit ${pendingAdmin}) returning id`,
  );
  // The triggers rewrote every budget's row as its lines and history went in: the old versions go now,
  // not in an autovacuum during the measurements.
  await db.execute(sql`vacuum analyze`);
  return { pendingIds: pending.map((row) => row.id), seedMs: performance.now() - started };
}
