import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { WorkflowName } from '@trowel/shared/workflow/history.schemas.ts';
import { createdAtMs } from './columns.ts';
import { users } from './people.ts';

/**
 * Every transition of every workflow (budgets, material and inventory requests, RFQs, negotiations),
 * written in the transaction that changes the object's status: who took which action, from which
 * state to which, with their remarks. One table for all workflows, read per object by its index.
 */
export const statusHistory = pgTable(
  'status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflow: text('workflow').$type<WorkflowName>().notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    /** Null for the creation of the object. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    remarks: text('remarks'),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('status_history_entity_idx').on(t.workflow, t.entityId, t.createdAt),
    // The budgets whose kept history names a person, rebuilt when that person's name or role changes.
    index('status_history_budget_actor_idx')
      .on(t.actorId)
      .where(sql`${t.workflow} = 'budget'`),
  ],
);

export type StatusHistoryRow = typeof statusHistory.$inferSelect;
