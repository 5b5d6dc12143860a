import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { can, type Actor } from '@trowel/shared/auth/policy.ts';
import type { BudgetStatus } from '@trowel/shared/budgets/budget.machine.ts';
import type { Db } from '../../db/client.ts';
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
    /** A page of the visible budgets, newest first. */
    async page(actor: Actor, filter: BudgetFilter, page: { offset: number; limit: number }) {
      const rows = await joined()
        .where(where(actor, filter))
        .orderBy(desc(budgets.createdAt), desc(budgets.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map(flatten);
    },

    async count(actor: Actor, filter: BudgetFilter) {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(budgets)
        .innerJoin(projects, eq(projects.id, budgets.projectId))
        .where(where(actor, filter));
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

    async linesOf(budgetIds: readonly string[]): Promise<BudgetItemRow[]> {
      if (budgetIds.length === 0) return [];
      return db
        .select()
        .from(budgetItems)
        .where(inArray(budgetItems.budgetId, [...budgetIds]))
        .orderBy(asc(budgetItems.budgetId), asc(budgetItems.position));
    },

    async documentsOf(budgetIds: readonly string[]): Promise<AttachmentRow[]> {
      if (budgetIds.length === 0) return [];
      return db
        .select()
        .from(attachments)
        .where(inArray(attachments.budgetId, [...budgetIds]))
        .orderBy(asc(attachments.createdAt), asc(attachments.position));
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
