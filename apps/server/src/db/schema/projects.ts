import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import { createdAt, createdAtMs, money, updatedAt } from './columns.ts';
import { users } from './people.ts';

/** Projects, their team, phases and tasks. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    category: text('category').notNull(),
    status: text('status').$type<ProjectStatus>().notNull().default('not_started'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    budget: money('budget'),
    spent: money('spent'),
    /**
     * Spent is worked out (once the project has an order or stock issued): what was typed as spent until
     * then (`spentBeforeTracking`) plus payments and stock issued; no longer typed.
     */
    spentDerived: boolean('spent_derived').notNull().default(false),
    /** The spent typed on the project when its costs began to be worked out: kept, and part of spent. */
    spentBeforeTracking: money('spent_before_tracking'),
    progress: integer('progress').notNull().default(0),
    projectLeadId: uuid('project_lead_id').references(() => users.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id').references(() => users.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_status_created_idx').on(t.status, t.createdAt, t.id),
    index('projects_category_created_idx').on(t.category, t.createdAt, t.id),
    index('projects_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('projects_lead_idx').on(t.projectLeadId),
    index('projects_title_trgm_idx').using('gin', sql`${t.title} public.gin_trgm_ops`),
    index('projects_location_trgm_idx').using('gin', sql`${t.location} public.gin_trgm_ops`),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const phases = pgTable(
  'phases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    customLabel: text('custom_label'),
    status: text('status').$type<ProjectStatus>().notNull().default('not_started'),
    progress: integer('progress').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('phases_project_idx').on(t.projectId, t.position),
    uniqueIndex('phases_project_name_key').on(t.projectId, sql`lower(${t.name})`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    phaseId: uuid('phase_id')
      .notNull()
      .references(() => phases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'restrict' }),
    progress: integer('progress').notNull().default(0),
    notes: text('notes'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_phase_idx').on(t.phaseId, t.position),
    index('tasks_project_idx').on(t.projectId),
    index('tasks_assignee_idx').on(t.assignedToId),
  ],
);
export type ProjectRow = typeof projects.$inferSelect;
export type PhaseRow = typeof phases.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
