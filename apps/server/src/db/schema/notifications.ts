import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@trowel/shared/notifications/notification.schemas.ts';
import { createdAtMs } from './columns.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    recipientRoles: text('recipient_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    recipientUsers: uuid('recipient_users')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAtMs(),
  },
  // A push job counts the notices of its type and collapse window (see push-bursts.repository.ts).
  (t) => [index('notifications_type_created_idx').on(t.type, t.createdAt)],
);

/** One row per person a notification reaches, with that person's read state. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtMs(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId] }),
    index('notification_recipients_feed_idx').on(t.userId, t.createdAt, t.notificationId),
    index('notification_recipients_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notification_recipients_notification_idx').on(t.notificationId),
  ],
);

/**
 * Each person's notification totals, kept by triggers on notification_recipients in the same
 * statement as every insert, read change and delete (cascades included). A person's totals are the
 * sums over up to 16 rows: each database connection adds to its own slot (migration 0012), so
 * concurrent transactions that notify the same person (every step that tells the administrators)
 * do not queue on one row until each other's commit.
 */
export const notificationCounters = pgTable(
  'notification_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull().default(0),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
);
