import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CHANGE_ORDER_STATUSES,
  type ChangeOrderStatus,
} from '@trowel/shared/change-orders/change-order.machine.ts';
import { createdAtMs, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

/** One line of a change order as stored: money in whole kobo, the total the server's. */
export interface ChangeOrderLine {
  id: string;
  description: string;
  quantity: number;
  unit: string;
  unitPriceKobo: number;
  totalKobo: number;
}

const statusList = sql.raw(CHANGE_ORDER_STATUSES.map((status) => `'${status}'`).join(','));

/**
 * Change orders (variations) of a project, numbered per project (CO-001…), through their workflow
 * (packages/shared/src/change-orders/change-order.machine.ts). An approved one adds its total to the
 * project's value (db/project-payments.ts).
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Its number within the project: 1 is CO-001. */
    sequence: integer('sequence').notNull(),
    status: text('status').$type<ChangeOrderStatus>().notNull().default('draft'),
    description: text('description').notNull(),
    reason: text('reason').notNull(),
    items: jsonb('items').$type<ChangeOrderLine[]>().notNull(),
    /** The sum of the lines' totals, kept with them. */
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    scheduleImpactDays: integer('schedule_impact_days').notNull().default(0),
    internalNotes: text('internal_notes').notNull().default(''),
    /** The installment the approval adds to the project's financials, when there is one. */
    installmentAmountKobo: bigint('installment_amount_kobo', { mode: 'number' }),
    installmentDueDate: date('installment_due_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was sent to the client: from then on the client sees it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The name the client typed to approve: their sign-off, with answeredAt. */
    signedName: text('signed_name'),
    declineReason: text('decline_reason'),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('change_orders_project_sequence_idx').on(t.projectId, t.sequence),
    index('change_orders_project_created_idx').on(t.projectId, t.createdAt, t.id),
    // The approved variations of a project (its value) read from the index alone.
    index('change_orders_approved_project_idx')
      .on(t.projectId, t.totalKobo)
      .where(sql`${t.status} = 'approved'`),
    check('change_orders_status', sql`${t.status} in (${statusList})`),
    check('change_orders_amounts', sql`${t.totalKobo} >= 0 and coalesce(${t.installmentAmountKobo}, 1) > 0`),
    check('change_orders_sequence', sql`${t.sequence} > 0`),
  ],
);
export type ChangeOrderRow = typeof changeOrders.$inferSelect;
