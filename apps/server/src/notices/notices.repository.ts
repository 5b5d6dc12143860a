import { sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '@trowel/shared/notifications/notification.schemas.ts';
import {
  emailCategoryOf,
  type EmailCategory,
} from '@trowel/shared/notifications/notification-preferences.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { whatsappEventOf, type WhatsAppEvent } from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import type { Db } from '../db/client.ts';
import { expressionName } from '../db/expression-name.ts';
import { emailCategoryFlag, preferenceFlag } from '../db/preference-flags.ts';
import { executePrepared } from '../db/prepared.ts';
import { MAIL_JOB_ATTEMPTS, NOTIFICATION_EMAIL_JOB } from '../mail/email-jobs.ts';
import type { NoticeDocument } from './notice-documents.ts';
import { NOTIFICATION_PUSH_JOB, PUSH_COLLAPSE_SECONDS, PUSH_JOB_ATTEMPTS } from './push-jobs.ts';
import { WHATSAPP_JOB_ATTEMPTS, WHATSAPP_NOTIFICATION_JOB } from './whatsapp-jobs.ts';

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
  /** A document the channels that can attach one send with it (the purchase order's PDF on WhatsApp). */
  document?: NoticeDocument;
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
  /** The WhatsApp template it is also sent with, if any (whatsappEventOf). */
  whatsapp: WhatsAppEvent | null;
  document: NoticeDocument | null;
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
    whatsapp: whatsappEventOf(input),
    document: input.document ?? null,
  };
}

const NOTICE_COLUMNS = sql.raw(
  'entity uuid, type text, title text, message text, link text, project_id uuid, roles text[], users uuid[], exclude uuid, category text, whatsapp text, document jsonb',
);

/**
 * The statement parts that write notices: common table expressions `notices` (the rows, each with a
 * new id), `notices_created`, `notices_reached` (one recipient row per active person of the roles or
 * named, never the one excluded) and `notices_emailed` (one email job per notice for the recipients
 * whose flags allow it: emailNotifications and the category's flag, defaults from packages/shared),
 * `notices_pushed` (likewise one Web Push job per notice for those with pushNotifications on, the
 * category's flag and a subscribed device; it waits out the collapse window, see push-jobs.ts) and
 * `notices_whatsapped` (one WhatsApp job per notice of a WhatsApp event and person with a verified
 * number who chose the notice's category: at most one per notice and person, by its singleton key;
 * it names the notice's document, if any).
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
      returning id
    ),
    notices_reached as (
      -- Every notice is created, at the statement's now() (the column's default): read from the notices
      -- themselves, not joined with what their insert returned, which PostgreSQL plans as one row and
      -- compared every notice with every other.
      insert into notification_recipients (notification_id, user_id, created_at)
      select n.id, u.id, now() from notices n
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
    ),
    notices_pushed as (
      insert into jobs (type, payload, max_attempts, run_after)
      select ${NOTIFICATION_PUSH_JOB},
        jsonb_build_object('notificationId', r.notification_id::text, 'userIds', jsonb_agg(r.user_id)),
        ${PUSH_JOB_ATTEMPTS}, now() + make_interval(secs => ${PUSH_COLLAPSE_SECONDS})
      from notices_reached r join notices n on n.id = r.notification_id
      left join user_preferences p on p.user_id = r.user_id
      where ${preferenceFlag('p', 'pushNotifications')} and ${emailCategoryFlag('p', sql`n.category`)}
        and exists (select 1 from push_subscriptions s where s.user_id = r.user_id)
      group by r.notification_id
    ),
    notices_whatsapped as (
      insert into jobs (type, payload, max_attempts, singleton_key)
      select ${WHATSAPP_NOTIFICATION_JOB},
        jsonb_build_object('notificationId', r.notification_id::text, 'userId', r.user_id::text, 'event', n.whatsapp,
          'document', n.document),
        ${WHATSAPP_JOB_ATTEMPTS},
        'whatsapp:' || r.notification_id::text || ':' || r.user_id::text
      from notices_reached r join notices n on n.id = r.notification_id
      join whatsapp_contacts w on w.user_id = r.user_id and w.phone is not null
      where n.whatsapp is not null
        and (case n.category when 'projectUpdates' then w.project_updates when 'systemAlerts' then w.system_alerts else false end)
    )`;
}

/** Writes notifications: the workflow engine and every module notify through it; the notifications module reads the feeds. */
export function noticesRepository(db: Db) {
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
  };
}
