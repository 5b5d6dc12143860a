import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { STORES_COST_CATEGORY } from '@trowel/shared/costs/cost-categories.ts';
import type { CostParts } from '@trowel/shared/costs/cost-figures.ts';
import { MAX_AMOUNT_KOBO } from '@trowel/shared/money/kobo.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { costAlerts } from './costs.tables.ts';

/** The tables of the objects whose steps change what a project costs. */
export type CostSource = 'rfqs' | 'purchase_orders' | 'vendor_invoices' | 'inventory_requests';

/** The parts of a project's cost, keyed by project or by category. */
export type KeyedCostParts<Key extends string> = CostParts & { key: Key };

type Scope =
  | { kind: 'project'; projectId: string }
  | { kind: 'projects'; projectIds: readonly string[] }
  | {
      kind: 'company';
    };

/** Which rows of a table with a `project_id` column the figures are of. */
function inScope(scope: Scope, column: SQL): SQL {
  if (scope.kind === 'project') return sql`${column} = ${scope.projectId}`;
  if (scope.kind === 'projects') return sql`${column} in ${scope.projectIds}`;
  return sql`${column} is not null`;
}

/**
 * Every part of the cost in one statement, grouped by project or by category. Amounts become whole
 * kobo in the database (naira × 100 of numeric(15, 2) is exact). Stock issued to a project is valued at
 * the cost recorded on each issue, less the share of it its own orders brought in (those it paid for).
 */
function costParts(scope: Scope, by: 'project' | 'category'): SQL {
  const key = (project: SQL, category: SQL) => (by === 'project' ? project : category);
  // By project the orders need not meet their RFQs (whose category only the categories need).
  const category = by === 'category' ? sql`r.cost_category` : sql`null::text`;
  const rfqJoin = by === 'category' ? sql`join rfqs r on r.id = po.rfq_id` : sql``;
  return sql`
    with budget as (
      select ${key(sql`b.project_id::text`, sql`bi.category`)} as key, sum(bi.total_kobo) as approved_budget
      from budgets b join budget_items bi on bi.budget_id = b.id
      where ${inScope(scope, sql`b.project_id`)} and b.status = 'approved'
      group by 1),
    project_orders as materialized (
      select po.id, po.project_id, po.status, po.total_amount, ${category} as category
      from purchase_orders po ${rfqJoin}
      where ${inScope(scope, sql`po.project_id`)}),
    order_lines as (
      select i.purchase_order_id, sum(round(i.quantity_received * i.unit_price, 2)) as received
      from purchase_order_items i join project_orders o on o.id = i.purchase_order_id
      where i.quantity_received > 0
      group by 1),
    orders as (
      select ${key(sql`o.project_id::text`, sql`o.category`)} as key,
        sum(o.total_amount * 100) as committed, sum(coalesce(l.received, 0) * 100) as received
      from project_orders o left join order_lines l on l.purchase_order_id = o.id
      where o.status <> 'cancelled'
      group by 1),
    invoices as (
      select ${key(sql`o.project_id::text`, sql`o.category`)} as key,
        sum(vi.total_amount * 100) as invoiced, sum(vi.amount_paid * 100) as paid
      from vendor_invoices vi join project_orders o on o.id = vi.purchase_order_id
      where vi.status <> 'rejected'
      group by 1),
    stock_by_item as (
      select m.project_id, m.item_id,
        sum(-m.quantity) filter (where m.kind = 'issue') as issued,
        sum(-m.quantity * coalesce(m.unit_cost_kobo, 0)) filter (where m.kind = 'issue') as issued_value,
        coalesce(sum(m.quantity) filter (where m.kind = 'receipt' and m.purchase_order_id is not null), 0)
          as own_received
      from stock_movements m
      where ${inScope(scope, sql`m.project_id`)} and m.kind in ('issue', 'receipt')
      group by m.project_id, m.item_id),
    stock as (
      select ${key(sql`project_id::text`, sql`${STORES_COST_CATEGORY}::text`)} as key,
        sum(round(issued_value::numeric * greatest(issued - own_received, 0) / issued)) as stock_issued
      from stock_by_item where issued > 0
      group by 1),
    keys as (
      select key from budget union select key from orders union select key from invoices
      union select key from stock)
    select keys.key,
      coalesce(budget.approved_budget, 0)::bigint::text as "approvedBudget",
      coalesce(orders.committed, 0)::bigint::text as "committed",
      coalesce(orders.received, 0)::bigint::text as "received",
      coalesce(invoices.invoiced, 0)::bigint::text as "invoiced",
      coalesce(invoices.paid, 0)::bigint::text as "paid",
      coalesce(stock.stock_issued, 0)::bigint::text as "stockIssued"
    from keys
      left join budget using (key) left join orders using (key)
      left join invoices using (key) left join stock using (key)`;
}

type RawParts = { key: string } & Record<keyof CostParts, string>;

const toParts = <Key extends string>(row: RawParts): KeyedCostParts<Key> => ({
  key: row.key as Key,
  approvedBudget: Number(row.approvedBudget),
  committed: Number(row.committed),
  received: Number(row.received),
  invoiced: Number(row.invoiced),
  paid: Number(row.paid),
  stockIssued: Number(row.stockIssued),
});

/** What projects cost: the only code that adds up budgets, orders, invoices and stock issued together. */
export function costsRepository(db: Db) {
  return {
    /** A project's parts, category by category (only the categories with any figure). */
    async byCategory(projectId: string): Promise<Array<KeyedCostParts<CostCategory>>> {
      const rows = await queryRows<RawParts>(db, costParts({ kind: 'project', projectId }, 'category'));
      return rows.map((row) => toParts<CostCategory>(row));
    },

    /** The parts of some projects, or of every project, project by project (those with any figure). */
    async byProject(projectIds: readonly string[] | 'all'): Promise<Array<KeyedCostParts<string>>> {
      if (projectIds !== 'all' && projectIds.length === 0) return [];
      const scope: Scope = projectIds === 'all' ? { kind: 'company' } : { kind: 'projects', projectIds };
      const rows = await queryRows<RawParts>(db, costParts(scope, 'project'));
      return rows.map((row) => toParts<string>(row));
    },

    /** Whether a project's spent is worked out: it has an order or stock issued to it. */
    async hasCostRecords(projectId: string): Promise<boolean> {
      const [row] = await queryRows<{ found: boolean }>(
        db,
        sql`select exists (select 1 from purchase_orders where project_id = ${projectId} and status <> 'cancelled')
          or exists (select 1 from stock_movements where project_id = ${projectId} and kind = 'issue') as found`,
      );
      return row?.found ?? false;
    },

    /**
     * Sets a project's spent to what it cost before its costs were worked out plus what it actually cost
     * since (kobo), from now on worked out; whether it changed. The first time, the spent typed until then
     * is kept as the part before (the right-hand sides read the row as it was).
     */
    async setDerivedSpent(projectId: string, actualKobo: number): Promise<boolean> {
      const before = sql`(case when spent_derived then spent_before_tracking else spent end)`;
      // At most what an amount may be (the column's bound): a payment or an issue never fails on it.
      const spent = sql`least(${before} + ${actualKobo}::numeric / 100, ${MAX_AMOUNT_KOBO}::numeric / 100)`;
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update projects
          set spent_before_tracking = ${before}, spent = ${spent}, spent_derived = true, updated_at = now()
          where id = ${projectId} and (spent <> ${spent} or not spent_derived)
          returning id`,
      );
      return rows.length > 0;
    },

    /** The project a workflow's object belongs to (an RFQ, an order, an invoice, a stores request). */
    async projectOf(table: CostSource, id: string): Promise<string | null> {
      const [row] = await queryRows<{ projectId: string | null }>(
        db,
        sql`select project_id as "projectId" from ${sql.identifier(table)} where id = ${id}`,
      );
      return row?.projectId ?? null;
    },

    /** A project's title and lead, for those told of its costs. */
    async projectHead(projectId: string) {
      const [row] = await queryRows<{ id: string; title: string; projectLeadId: string | null }>(
        db,
        sql`select id, title, project_lead_id as "projectLeadId" from projects where id = ${projectId}`,
      );
      return row ?? null;
    },

    /** A page of the company's projects by title, with how many there are. */
    async projectPage(page: number, limit: number) {
      const [rows, [count]] = await Promise.all([
        queryRows<{ id: string; title: string }>(
          db,
          sql`select id, title from projects order by title, id limit ${limit} offset ${(page - 1) * limit}`,
        ),
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from projects`),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    async alertedCategories(projectId: string): Promise<CostCategory[]> {
      const rows = await db
        .select({ category: costAlerts.category })
        .from(costAlerts)
        .where(eq(costAlerts.projectId, projectId));
      return rows.map((row) => row.category);
    },

    /** Records the categories now over budget; answers those that were not already. */
    async raiseAlerts(projectId: string, categories: readonly CostCategory[]): Promise<CostCategory[]> {
      if (categories.length === 0) return [];
      const rows = await db
        .insert(costAlerts)
        .values(categories.map((category) => ({ projectId, category })))
        .onConflictDoNothing()
        .returning({ category: costAlerts.category });
      return rows.map((row) => row.category);
    },

    /** Forgets the categories back within budget, so a later overrun is told again. */
    async clearAlerts(projectId: string, categories: readonly CostCategory[]) {
      if (categories.length === 0) return;
      await db
        .delete(costAlerts)
        .where(and(eq(costAlerts.projectId, projectId), inArray(costAlerts.category, [...categories])));
    },
  };
}
