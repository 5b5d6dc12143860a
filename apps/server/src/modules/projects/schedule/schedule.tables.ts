import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LinkType } from '@trowel/shared/schedule/critical-path.ts';
import { createdAt } from '../../../db/schema/columns.ts';
import { projects, tasks } from '../../../db/schema/projects.ts';

/** A task that waits for another (finish-to-start or start-to-start, with a lag in days), within one project. */
export const taskLinks = pgTable(
  'task_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromTaskId: uuid('from_task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    toTaskId: uuid('to_task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    type: text('type').$type<LinkType>().notNull(),
    lagDays: integer('lag_days').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('task_links_project_idx').on(t.projectId),
    uniqueIndex('task_links_pair_key').on(t.fromTaskId, t.toTaskId),
    index('task_links_to_idx').on(t.toTaskId),
    check('task_links_type_known', sql`${t.type} in ('finish_to_start','start_to_start')`),
    check('task_links_not_self', sql`${t.fromTaskId} <> ${t.toTaskId}`),
  ],
);
export type TaskLinkRow = typeof taskLinks.$inferSelect;

/** Each task's dates when the project's baseline was saved (the last save replaces the one before). */
export const taskBaselines = pgTable(
  'task_baselines',
  {
    taskId: uuid('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('task_baselines_project_idx').on(t.projectId)],
);
