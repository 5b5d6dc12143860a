import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { DailyLogType } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { createdAtMs } from './columns.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

/** A site report of one project; a deleted one stays in its thread, shown as deleted. */
export const dailyLogs = pgTable(
  'daily_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's role when they wrote it. */
    authorRole: text('author_role').$type<Role>(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').$type<DailyLogType>().notNull().default('update'),
    isClientVisible: boolean('is_client_visible').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('daily_logs_created_idx').on(t.createdAt, t.id),
    index('daily_logs_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('daily_logs_author_created_idx').on(t.authorId, t.createdAt),
    index('daily_logs_client_visible_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`${t.isClientVisible}`),
  ],
);

/** A reply to a log, or to another reply (parentReplyId), to any depth. */
export const dailyLogReplies = pgTable(
  'daily_log_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dailyLogId: uuid('daily_log_id')
      .notNull()
      .references(() => dailyLogs.id, { onDelete: 'cascade' }),
    parentReplyId: uuid('parent_reply_id').references((): AnyPgColumn => dailyLogReplies.id, {
      onDelete: 'cascade',
    }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role').$type<Role>(),
    message: text('message').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('daily_log_replies_log_idx').on(t.dailyLogId, t.createdAt, t.id),
    index('daily_log_replies_parent_idx').on(t.parentReplyId),
    index('daily_log_replies_author_created_idx').on(t.authorId, t.createdAt),
  ],
);
export type DailyLogRow = typeof dailyLogs.$inferSelect;
export type DailyLogReplyRow = typeof dailyLogReplies.$inferSelect;
