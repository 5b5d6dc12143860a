import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { can, type Actor } from '@trowel/shared/auth/policy.ts';
import type { BudgetStatus } from '@trowel/shared/budgets/budget.machine.ts';
import type { Db } from '../../db/client.ts';
import { rowsFromJson } from '../../db/json-rows.ts';
import {
  attachments,
  budgetItems,
  budgets,
  projects,
  users,
  type AttachmentRow,
  type BudgetItemRow,
  type BudgetRow,
} from '../../db/schema.ts';

/** A budget with what its rules and answers read: its project's title, lead and client, its author. */
export interface BudgetWithRefs extends BudgetRow {
  projectTitle: string;
  projectLeadId: string | null;
  clientId: string | null;
  authorName: string;
}

/** A history row as the page's statement brings it: the row, then its actor's id, name and role. */
export type HistoryJson = [Record<string, unknown>, string | null, string | null, string | null];

/** A budget with its lines, documents and history, brought by the same statement (see `parts`). */
export interface BudgetWithParts extends BudgetWithRefs {
  lines: BudgetItemRow[];
  documents: AttachmentRow[];
  history: HistoryJson[];
}

export interface BudgetFilter {
  projectId?: string | undefined;
  statuses?: readonly BudgetStatus[] | undefined;
}

export interface NewBudgetLine {
  description: string;
  quantity: number;
  unitPriceKobo: number;
  totalKobo: number;
  notes: string;
}

const withRefs = {
  budget: budgets,
  projectTitle: projects.title,
  projectLeadId: projects.projectLeadId,
  clientId: projects.clientId,
  authorName: users.name,
};

/** Each budget's lines, documents and history as JSON arrays, so a page is one round trip. */
const parts = {
  lines: sql<Array<Record<string, unknown>> | null>`(select json_agg(to_json(i) order by i.position)
    from budget_items i where i.budget_id = ${budgets.id})`,
  documents: sql<Array<
    Record<string, unknown>
  > | null>`(select json_agg(to_json(a) order by a.created_at, a.position, a.id)
    from attachments a where a.budget_id = ${budgets.id})`,
  history: sql<
    HistoryJson[] | null
  >`(select json_agg(json_build_array(to_json(h), u.id, u.name, u.role) order by h.created_at, h.id)
    from status_history h left join users u on u.id = h.actor_id
    where h.workflow = 'budget' and h.entity_id = ${budgets.id})`,
};

const withParts = (row: {
  budget: BudgetRow;
  projectTitle: string;
  projectLeadId: string | null;
  clientId: string | null;
  authorName: string;
  lines: Array<Record<string, unknown>> | null;
  documents: Array<Record<string, unknown>> | null;
  history: HistoryJson[] | null;
}): BudgetWithParts => ({
  ...flatten(row),
  lines: rowsFromJson(budgetItems, row.lines ?? []),
  documents: rowsFromJson(attachments, row.documents ?? []),
  history: row.history ?? [],
});

const flatten = (row: {
  budget: BudgetRow;
  projectTitle: string;
  projectLeadId: string | null;
  clientId: string | null;
  authorName: string;
}): BudgetWithRefs => ({
  ...row.budget,
  projectTitle: row.projectTitle,
  projectLeadId: row.projectLeadId,
  clientId: row.clientId,
  authorName: row.authorName,
});

/**
 * The budgets an actor sees, as SQL (the shared `canSeeBudget`): every budget reader, leads and
 * architects only on projects they lead, drafts only their author and the administrator.
 */
export function visibleBudgets(actor: Actor): SQL | undefined {
  if (!can(actor, 'budgets:read')) return sql`false`;
  const drafts =
    actor.role === 'admin' ? undefined : or(ne(budgets.status, 'draft'), eq(budgets.authorId, actor.id));
  const led = can(actor, 'projects:lead') ? eq(projects.projectLeadId, actor.id) : undefined;
  return and(drafts, led);
}

/** The only code that touches budgets and their lines; reads are scoped by what the actor may see. */
export function budgetsRepository(db: Db) {
  const joinedWithParts = () =>
    db
      .select({ ...withRefs, ...parts })
      .from(budgets)
      .innerJoin(projects, eq(projects.id, budgets.projectId))
      .innerJoin(users, eq(users.id, budgets.authorId));

  const joined = () =>
    db
      .select(withRefs)
      .from(budgets)
      .innerJoin(projects, eq(projects.id, budgets.projectId))
      .innerJoin(users, eq(users.id, budgets.authorId));

  const where = (actor: Actor, filter: BudgetFilter) =>
    and(
      visibleBudgets(actor),
      filter.projectId ? eq(budgets.projectId, filter.projectId) : undefined,
      filter.statuses?.length ? inArray(budgets.status, [...filter.statuses]) : undefined,
    );

  return {
    /** A page of the visible budgets, newest first, with their lines, documents and history. */
    async page(actor: Actor, filter: BudgetFilter, page: { offset: number; limit: number }) {
      const rows = await joinedWithParts()
        .where(where(actor, filter))
        .orderBy(desc(budgets.createdAt), desc(budgets.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map(withParts);
    },

    /**
     * A page of one project's budgets with their total in the same statement (a project has few,
     * so counting them beside the page costs less than a second round trip); null total on an
     * empty page.
     */
    async projectPage(actor: Actor, filter: BudgetFilter, page: { offset: number; limit: number }) {
      const rows = await db
        .select({ ...withRefs, ...parts, total: sql<number>`(count(*) over ())::int` })
        .from(budgets)
        .innerJoin(projects, eq(projects.id, budgets.projectId))
        .innerJoin(users, eq(users.id, budgets.authorId))
        .where(where(actor, filter))
        .orderBy(desc(budgets.createdAt), desc(budgets.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows.map(withParts), total: rows[0] ? Number(rows[0].total) : null };
    },

    /** One budget with its lines, documents and history (for answers; callers apply the rules). */
    async findWithParts(id: string) {
      const [row] = await joinedWithParts().where(eq(budgets.id, id)).limit(1);
      return row ? withParts(row) : null;
    },

    async count(actor: Actor, filter: BudgetFilter) {
      const counted = db.select({ total: sql<number>`count(*)::int` }).from(budgets);
      // Only a lead's scope reads the project; everyone else counts the budgets' own index.
      const [row] = await (
        can(actor, 'projects:lead')
          ? counted.innerJoin(projects, eq(projects.id, budgets.projectId))
          : counted
      ).where(where(actor, filter));
      return Number(row?.total ?? 0);
    },

    /** One budget with its references, whoever asks (callers apply the rules). */
    async find(id: string) {
      const [row] = await joined().where(eq(budgets.id, id)).limit(1);
      return row ? flatten(row) : null;
    },

    /** The budget locked for the rest of the transaction (select … for update), with its references. */
    async lock(id: string) {
      const [row] = await joined().where(eq(budgets.id, id)).for('update', { of: budgets }).limit(1);
      return row ? flatten(row) : null;
    },

    async insert(values: typeof budgets.$inferInsert) {
      const [row] = await db.insert(budgets).values(values).returning();
      return row!;
    },

    /** Replaces the lines and keeps the total beside them; answers the total in kobo. */
    async setLines(budgetId: string, lines: readonly NewBudgetLine[]) {
      await db.delete(budgetItems).where(eq(budgetItems.budgetId, budgetId));
      await db.insert(budgetItems).values(lines.map((line, position) => ({ ...line, budgetId, position })));
      const totalKobo = lines.reduce((sum, line) => sum + line.totalKobo, 0);
      await db
        .update(budgets)
        .set({ totalKobo, updatedAt: sql`now()` })
        .where(eq(budgets.id, budgetId));
      return totalKobo;
    },

    async update(id: string, values: Partial<Pick<BudgetRow, 'remarks' | 'qsRemarks' | 'status'>>) {
      await db
        .update(budgets)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(budgets.id, id));
    },

    async document(budgetId: string, attachmentId: string) {
      const [row] = await db
        .select()
        .from(attachments)
        .where(and(eq(attachments.id, attachmentId), eq(attachments.budgetId, budgetId)))
        .limit(1);
      return row ?? null;
    },

    /** Removes the budget (lines and documents go with it); answers the storage keys to delete after commit. */
    async delete(id: string): Promise<string[]> {
      const files = await db
        .select({ key: attachments.storageKey, variants: attachments.variants })
        .from(attachments)
        .where(eq(attachments.budgetId, id));
      await db.delete(budgets).where(eq(budgets.id, id));
      return files.flatMap((file) => [file.key, ...Object.values(file.variants ?? {})]);
    },

    /** The sum of a project's approved budgets, in kobo. */
    async approvedTotalKobo(projectId: string) {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${budgets.totalKobo}), 0)` })
        .from(budgets)
        .where(and(eq(budgets.projectId, projectId), eq(budgets.status, 'approved')));
      return Number(row?.total ?? 0);
    },
  };
}

export type BudgetsRepository = ReturnType<typeof budgetsRepository>;
