import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationDto, NotificationType } from '@trowel/shared/notifications/notification.schemas.ts';
import {
  emailCategoryOf,
  type EmailCategory,
} from '@trowel/shared/notifications/notification-preferences.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { Db } from '../../db/client.ts';
import { expressionName } from '../../db/expression-name.ts';
import { emailCategoryFlag, preferenceFlag } from '../../db/preference-flags.ts';
import { executePrepared, preparedStatements } from '../../db/prepared.ts';
import { MAIL_JOB_ATTEMPTS, NOTIFICATION_EMAIL_JOB } from '../../mail/email-jobs.ts';
import { notificationCounters, notificationRecipients, notifications } from '../../db/schema.ts';

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
  projectId?: string | null;
  recipientRoles?: readonly Role[];
  recipientUsers?: ReadonlyArray<string | null | undefined>;
  /** The person who caused it is not told about their own action. */
  excludeUserId?: string;
  /** Which flag lets it be emailed; by default the type's (emailCategoryOf). */
  emailCategory?: EmailCategory;
}

/** A notification as a row of the statements that write notices (see `noticeWrites`). */
export interface NoticeRow {
  /** The row whose change the notice reports, when it is written only if that row changed. */
  entity: string | null;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  project_id: string | null;
  roles: string[];
  users: string[];
  exclude: string | null;
  category: EmailCategory;
}

/** The notice row of a notification: its recipients and email category settled here, once. */
export function noticeRow(input: NewNotification, entity: string | null = null): NoticeRow {
  const users = [...new Set((input.recipientUsers ?? []).filter((id): id is string => Boolean(id)))];
  // Spec 2 §3: recipient roles default to admin, so a notice nobody else is named for reaches them.
  const roles =
    input.recipientRoles?.length || users.length > 0 ? [...(input.recipientRoles ?? [])] : ['admin'];
  return {
    entity,
    type: input.type,
    title: input.title,
    message: input.message,
    link: input.link ?? null,
    project_id: input.projectId ?? null,
    roles,
    users,
    exclude: input.excludeUserId ?? null,
    category: input.emailCategory ?? emailCategoryOf(input.type),
  };
}

const NOTICE_COLUMNS = sql.raw(
  'entity uuid, type text, title text, message text, link text, project_id uuid, roles text[], users uuid[], exclude uuid, category text',
);

/**
 * The statement parts that write notices: common table expressions `notices` (the rows, each with a
 * new id), `notices_created`, `notices_reached` (one recipient row per active person of the roles or
 * named, never the one excluded) and `notices_emailed` (one email job per notice for the recipients
 * whose flags allow it: emailNotifications and the category's flag, defaults from packages/shared).
 * With `after`, the name of an earlier expression with an `id` column, only the notices whose
 * entity is among its ids are written, so changes and who is told about them can be one statement.
 * The text is the same for any rows, so the statement is planned once per connection.
 */
export function noticeWrites(rows: readonly NoticeRow[], after?: string): SQL {
  return sql`notices as (
      select gen_random_uuid() as id, n.* from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as n(${NOTICE_COLUMNS})
      ${after ? sql`where n.entity in (select id from ${expressionName(after)})` : sql``}
    ),
    notices_created as (
      insert into notifications (id, type, title, message, link, project_id, recipient_roles, recipient_users)
      select id, type, title, message, link, project_id, roles, users from notices
      returning id, created_at
    ),
    notices_reached as (
      insert into notification_recipients (notification_id, user_id, created_at)
      select c.id, u.id, c.created_at from notices_created c join notices n on n.id = c.id
      cross join lateral (
        select id from users where role = any(n.roles) and deactivated_at is null
        union
        select id from users where id = any(n.users) and deactivated_at is null
      ) u
      where u.id is distinct from n.exclude
      returning notification_id, user_id
    ),
    notices_emailed as (
      insert into jobs (type, payload, max_attempts)
      select ${NOTIFICATION_EMAIL_JOB},
        jsonb_build_object('notificationId', r.notification_id::text, 'userIds', jsonb_agg(r.user_id)),
        ${MAIL_JOB_ATTEMPTS}
      from notices_reached r join notices n on n.id = r.notification_id
      left join user_preferences p on p.user_id = r.user_id
      where ${preferenceFlag('p', 'emailNotifications')} and ${emailCategoryFlag('p', sql`n.category`)}
      group by r.notification_id
    )`;
}

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
    /**
     * Writes a notification, its recipients and, in the same statement, the email job of the
     * recipients whose flags allow it (emailNotifications and the category's flag; defaults from
     * packages/shared). Every module's notifications are emailed this way, inside the caller's
     * transaction: the email leaves only if the change commits. The caller publishes a change after
     * its transaction commits (every change does), which drops kept feed pages.
     */
    async create(input: NewNotification) {
      const [row] = await executePrepared<{ id: string }>(
        db,
        sql`with ${noticeWrites([noticeRow(input)])} select id from notices`,
      );
      return row!.id;
    },

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
