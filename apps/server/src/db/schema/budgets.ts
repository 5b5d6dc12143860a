import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  json,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { BudgetStatus } from '@trowel/shared/budgets/budget.machine.ts';
import type { CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { createdAtMs, kobo, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

/** A history entry as a budget's row keeps it: the status_history row, then its actor's id, name and role. */
export type BudgetHistoryJson = [Record<string, unknown>, string | null, string | null, string | null];

/** Budgets of a project, passing the approval chain (packages/shared/src/budgets/budget.machine.ts). */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // Restrict: an author with budgets is deactivated rather than deleted.
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The author's role when they wrote it: where a draft enters the chain. */
    authorRole: text('author_role').$type<Role>().notNull(),
    status: text('status').$type<BudgetStatus>().notNull(),
    remarks: text('remarks').notNull().default(''),
    qsRemarks: text('qs_remarks').notNull().default(''),
    /** The sum of the lines' totals, kept with them in the same transaction. */
    totalKobo: kobo('total_kobo'),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
    /**
     * Its lines, documents and history (each entry with its actor's id, name and role) as JSON arrays in
     * the order they are shown, rebuilt by triggers whenever one of them changes (migration 0024), so a
     * page of budgets reads its parts with its rows instead of three lookups per budget.
     */
    linesJson: json('lines_json').$type<Array<Record<string, unknown>>>().notNull().default([]),
    documentsJson: json('documents_json').$type<Array<Record<string, unknown>>>().notNull().default([]),
    historyJson: json('history_json').$type<BudgetHistoryJson[]>().notNull().default([]),
  },
  (t) => [
    index('budgets_created_idx').on(t.createdAt, t.id),
    index('budgets_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('budgets_status_created_idx').on(t.status, t.createdAt, t.id),
    index('budgets_author_idx').on(t.authorId),
    // The approved total of a project (utilisation, dashboard) read from the index alone.
    index('budgets_approved_project_idx')
      .on(t.projectId, t.totalKobo)
      .where(sql`${t.status} = 'approved'`),
    check(
      'budgets_status_known',
      sql`${t.status} in ('draft','pending_qs','pending_accountant','pending_admin','approved','revision_needed','rejected')`,
    ),
    check('budgets_total_non_negative', sql`${t.totalKobo} >= 0`),
  ],
);

/**
 * Each budget's answer as JSON text, written by the server the first time a page shows the budget as
 * it now is, and answered as it is while `stamp` still matches (see `budget-answers.ts`): the versions of
 * the budget's row, its project's and its author's, the answer's format and, for a budget with
 * documents, the quarter hour its file links are signed for. Derived data: unlogged, rebuilt on a miss.
 */
export const budgetAnswers = pgTable('budget_answers', {
  budgetId: uuid('budget_id')
    .primaryKey()
    .references(() => budgets.id, { onDelete: 'cascade' }),
  stamp: text('stamp').notNull(),
  body: text('body').notNull(),
});

/**
 * A page of a project's budgets as one JSON text, the kept answers of its budgets joined in its order,
 * kept per project and reader's scope (one page each: the last built, whatever filter or page size
 * found its budgets) while `stamp` still matches: a hash of the page's budgets, in order, each with its
 * answer's stamp (see `budgetAnswers`). A page is then read as one value instead of one answer per
 * budget. Derived data: unlogged, rebuilt on a miss.
 */
export const budgetPages = pgTable(
  'budget_pages',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    stamp: text('stamp').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.scope] })],
);

export const budgetItems = pgTable(
  'budget_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 15, scale: 3, mode: 'number' }).notNull(),
    unitPriceKobo: kobo('unit_price_kobo'),
    /** quantity × unit price, rounded half up to the kobo. */
    totalKobo: kobo('total_kobo'),
    notes: text('notes').notNull().default(''),
    /** What the line is for, to set against what is spent (lines before categories count as materials). */
    category: text('category').$type<CostCategory>().notNull().default('Materials'),
  },
  (t) => [
    index('budget_items_budget_idx').on(t.budgetId, t.position),
    check('budget_items_amounts_non_negative', sql`${t.unitPriceKobo} >= 0 and ${t.totalKobo} >= 0`),
    check('budget_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** What the client of a project pays: value, initial payment and installments. */
export const projectFinancials = pgTable(
  'project_financials',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    totalValueKobo: kobo('total_value_kobo'),
    initialPaymentKobo: kobo('initial_payment_kobo'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'project_financials_amounts',
      // Not above the recorded value alone: approved change orders are owed too (the service holds the
      // first payment and all that was paid against the value with them).
      sql`${t.totalValueKobo} >= 0 and ${t.initialPaymentKobo} >= 0`,
    ),
  ],
);

export const projectInstallments = pgTable(
  'project_installments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projectFinancials.projectId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    amountKobo: kobo('amount_kobo'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** pending or paid; overdue is shown for an unpaid one past its due date. */
    status: text('status').$type<'pending' | 'paid'>().notNull().default('pending'),
  },
  (t) => [
    index('project_installments_project_idx').on(t.projectId, t.position),
    check('project_installments_amount', sql`${t.amountKobo} >= 0`),
    check('project_installments_status', sql`${t.status} in ('pending','paid')`),
  ],
);

/** A budget's own values; its kept parts are read with `budgetsRepository`'s pages. */
export type BudgetRow = Omit<typeof budgets.$inferSelect, 'linesJson' | 'documentsJson' | 'historyJson'>;
export type BudgetItemRow = typeof budgetItems.$inferSelect;
export type ProjectFinancialsRow = typeof projectFinancials.$inferSelect;
export type ProjectInstallmentRow = typeof projectInstallments.$inferSelect;
