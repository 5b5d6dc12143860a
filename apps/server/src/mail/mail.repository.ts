import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DigestPeriod } from '@trowel/shared/notifications/notification-preferences.ts';
import type { Db } from '../db/client.ts';
import { preferenceFlag } from '../db/preference-flags.ts';
import { queryRows } from '../db/raw.ts';
import {
  mailSends,
  notificationRecipients,
  notifications,
  users,
  type MailSendStatus,
} from '../db/schema.ts';
import { DIGEST_EMAIL_JOB, MAIL_JOB_ATTEMPTS } from './email-jobs.ts';

export interface DigestWindow {
  period: DigestPeriod;
  /** The period's key (its date): one digest per person and key. */
  key: string;
  since: string;
  until: string;
}

/** What the mail jobs read: the notification to email, its recipients' addresses, digests. */
export function mailRepository(db: Db) {
  return {
    /**
     * Marks a job's email to `recipient` as leaving: answers 'new' when this call made the mark (send
     * it), else the mark an earlier run left ('sending': that run stopped mid-send; 'sent').
     */
    async markSending(jobId: number, recipient: string): Promise<'new' | MailSendStatus> {
      const [made] = await db
        .insert(mailSends)
        .values({ jobId, recipient })
        .onConflictDoNothing()
        .returning({ status: mailSends.status });
      if (made) return 'new';
      const [earlier] = await db
        .select({ status: mailSends.status })
        .from(mailSends)
        .where(and(eq(mailSends.jobId, jobId), eq(mailSends.recipient, recipient)));
      return earlier?.status ?? 'sending';
    },

    /** The mail server took it. */
    async markSent(jobId: number, recipient: string) {
      await db
        .update(mailSends)
        .set({ status: 'sent', updatedAt: sql`now()` })
        .where(and(eq(mailSends.jobId, jobId), eq(mailSends.recipient, recipient)));
    },

    /** The send failed: it did not leave, and a later run may send it. */
    async unmarkSending(jobId: number, recipient: string) {
      await db
        .delete(mailSends)
        .where(
          and(
            eq(mailSends.jobId, jobId),
            eq(mailSends.recipient, recipient),
            eq(mailSends.status, 'sending'),
          ),
        );
    },

    async notification(id: string) {
      const [row] = await db
        .select({
          id: notifications.id,
          type: notifications.type,
          title: notifications.title,
          message: notifications.message,
          link: notifications.link,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.id, id));
      return row ?? null;
    },

    /** Active people among these ids, with their addresses. */
    async people(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(inArray(users.id, [...ids]), isNull(users.deactivatedAt)));
    },

    /**
     * Queues one digest email per person who asked for this period's digest (and for email), has
     * unread notifications in the window and has none queued for this key yet: the unique singleton
     * key makes a second run, by this or another worker, queue nothing.
     */
    async queueDigestEmails(window: DigestWindow): Promise<number> {
      const flag = window.period === 'daily' ? 'dailyDigest' : 'weeklyReport';
      const rows = await queryRows<{ id: number }>(
        db,
        sql`
        insert into jobs (type, payload, max_attempts, singleton_key)
        select ${DIGEST_EMAIL_JOB},
          jsonb_build_object('userId', u.id, 'period', ${window.period}::text, 'since', ${window.since}::text,
            'until', ${window.until}::text),
          ${MAIL_JOB_ATTEMPTS},
          ${`${DIGEST_EMAIL_JOB}:${window.period}:${window.key}:`} || u.id
        from users u
        left join user_preferences p on p.user_id = u.id
        where u.deactivated_at is null
          and ${preferenceFlag('p', 'emailNotifications')}
          and ${preferenceFlag('p', flag)}
          and exists (
            select 1 from notification_recipients r
            where r.user_id = u.id and r.read_at is null
              and r.created_at >= ${window.since}::timestamptz and r.created_at < ${window.until}::timestamptz)
        on conflict (singleton_key) do nothing
        returning id`,
      );
      return rows.length;
    },

    /** A person's unread notifications in a window, newest first (at most `limit`), and how many there are. */
    async unreadBetween(userId: string, since: string, until: string, limit: number) {
      const where = and(
        eq(notificationRecipients.userId, userId),
        isNull(notificationRecipients.readAt),
        gte(notificationRecipients.createdAt, new Date(since)),
        lt(notificationRecipients.createdAt, new Date(until)),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({
            title: notifications.title,
            message: notifications.message,
            link: notifications.link,
            createdAt: notifications.createdAt,
          })
          .from(notificationRecipients)
          .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
          .where(where)
          .orderBy(desc(notificationRecipients.createdAt))
          .limit(limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(notificationRecipients)
          .where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;
