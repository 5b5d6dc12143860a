import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationDto, NotificationType } from '@trowel/shared/notifications/notification.schemas.ts';
import type { Db } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { notificationCounters, notificationRecipients, notifications } from '../../db/schema.ts';
import { noticesRepository } from '../../notices/notices.repository.ts';

/** A person's totals: the sums of their counter rows (one per slot, see notificationCounters). */
const counterSums = {
  total: sql<number>`coalesce(sum(${notificationCounters.total}), 0)::int`,
  unread: sql<number>`coalesce(sum(${notificationCounters.unread}), 0)::int`,
};

/**
 * Notifications fan out on write: one recipient row per person, which carries that person's read state;
 * each person's totals are kept beside them (see notificationCounters).
 */
export function notificationsRepository(db: Db) {
  const prepared = preparedStatements('notifications');
  return {
    ...noticesRepository(db),

    async feed(userId: string, page: number, limit: number, unreadOnly: boolean) {
      const values = { userId, limit, offset: (page - 1) * limit };
      const [rows, counts] = await Promise.all([
        prepared(unreadOnly ? 'feed_unread' : 'feed', values, (bind) =>
          db
            .select({ notification: notifications, readAt: notificationRecipients.readAt })
            .from(notificationRecipients)
            .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
            .where(
              and(
                eq(notificationRecipients.userId, bind('userId', userId) as string),
                unreadOnly ? isNull(notificationRecipients.readAt) : undefined,
              ),
            )
            .orderBy(desc(notificationRecipients.createdAt), desc(notificationRecipients.notificationId))
            .limit(bind('limit', limit) as number)
            .offset(bind('offset', values.offset) as number),
        ),
        prepared('counters', { userId }, (bind) =>
          db
            .select(counterSums)
            .from(notificationCounters)
            .where(eq(notificationCounters.userId, bind('userId', userId) as string)),
        ),
      ]);
      const totals = counts[0];
      const unread = totals?.unread ?? 0;
      return {
        rows: rows.map((row) => toDto(row.notification, row.readAt)),
        total: unreadOnly ? unread : (totals?.total ?? 0),
        unread,
      };
    },

    async unreadCount(userId: string) {
      const [row] = await db
        .select({ unread: counterSums.unread })
        .from(notificationCounters)
        .where(eq(notificationCounters.userId, userId));
      return row?.unread ?? 0;
    },

    /** Marks one of the user's notifications read; answers false when it is not theirs. */
    async markRead(userId: string, notificationId: string) {
      const rows = await db
        .update(notificationRecipients)
        .set({ readAt: sql`coalesce(${notificationRecipients.readAt}, now())` })
        .where(
          and(
            eq(notificationRecipients.userId, userId),
            eq(notificationRecipients.notificationId, notificationId),
          ),
        )
        .returning({ id: notificationRecipients.notificationId });
      return rows.length > 0;
    },

    async markAllRead(userId: string) {
      const rows = await db
        .update(notificationRecipients)
        .set({ readAt: sql`now()` })
        .where(and(eq(notificationRecipients.userId, userId), isNull(notificationRecipients.readAt)))
        .returning({ id: notificationRecipients.notificationId });
      return rows.length;
    },

    /** Removes the notification from this user's list only. */
    async remove(userId: string, notificationId: string) {
      const rows = await db
        .delete(notificationRecipients)
        .where(
          and(
            eq(notificationRecipients.userId, userId),
            eq(notificationRecipients.notificationId, notificationId),
          ),
        )
        .returning({ id: notificationRecipients.notificationId });
      return rows.length > 0;
    },
  };
}

function toDto(row: typeof notifications.$inferSelect, readAt: Date | null): NotificationDto {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    link: row.link,
    projectId: row.projectId,
    recipientRoles: row.recipientRoles,
    recipientUsers: row.recipientUsers,
    read: readAt !== null,
    isRead: readAt !== null,
    createdAt,
    timestamp: createdAt,
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
