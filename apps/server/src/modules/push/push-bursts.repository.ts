import { sql } from 'drizzle-orm';
import type { NotificationType } from '@trowel/shared/notifications/notification.schemas.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { PUSH_COLLAPSE_SECONDS } from '../../notices/push-jobs.ts';

/** One person's share of a notice's push: the notice, and the burst of its topic it belongs to. */
export interface PushNotice {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  /** Unread notices of this topic to this person in the notice's collapse window (itself included). */
  inBurst: number;
  /** A newer notice of the same window will be pushed instead of this one. */
  superseded: boolean;
}

/** What the push job reads of the notices it sends (each person's own recipient rows only). */
export function pushBurstsRepository(db: Db) {
  const window = sql`make_interval(secs => ${PUSH_COLLAPSE_SECONDS})`;
  /** The people a job was queued for, as a set of ids to test a recipient row's person against. */
  const among = (userIds: readonly string[]) =>
    sql`(select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)`;
  const start = sql`to_timestamp(floor(extract(epoch from n.created_at) / ${PUSH_COLLAPSE_SECONDS}) * ${PUSH_COLLAPSE_SECONDS})`;
  return {
    /**
     * Whether a newer notice of the same window supersedes this one for every one of these people who
     * has not read it: a newer notice of its type and window in the first person's feed (any one: the
     * first found, walking the feed back from the window's end as a rule), when it reached each of the
     * others too and they have not read it either. In a burst of notices to the same people, nearly
     * every notice is superseded so, and this answers in a few index lookups what `noticeFor` answers
     * person by person. False says nothing: some may still be superseded. Fenced like `noticeFor`:
     * the read state is tested after the rows are found by their keys, so the index of everyone's
     * unread rows is never taken for this.
     */
    async supersededForEveryone(notificationId: string, userIds: readonly string[]): Promise<boolean> {
      if (userIds.length === 0) return false;
      const [row] = await queryRows<{ superseded: boolean }>(
        db,
        sql`with n as (select id, type, created_at, ${start} as start from notifications n where n.id = ${notificationId}),
          newest as (
            select f.notification_id as id
            from n, lateral (
              select notification_id from notification_recipients r2
              where r2.user_id = ${userIds[0]} and r2.created_at >= n.created_at and r2.created_at < n.start + ${window}
                and (r2.created_at, r2.notification_id) > (n.created_at, n.id)
              order by r2.created_at desc, r2.notification_id desc
              offset 0
            ) f
            join notifications n2 on n2.id = f.notification_id
            where n2.type = n.type
            limit 1
          ),
          unread as (
            select r.user_id from (
              select user_id, read_at from notification_recipients where notification_id = ${notificationId} offset 0
            ) r
            where r.read_at is null and r.user_id in ${among(userIds)}
          )
        select exists (select 1 from newest) and not exists (
          select 1 from unread u where not exists (
            select 1 from (
              select read_at from notification_recipients r3
              where r3.user_id = u.user_id and r3.notification_id = (select id from newest)
              offset 0
            ) r3
            where r3.read_at is null
          )
        ) as superseded`,
      );
      return row?.superseded === true;
    },

    /**
     * The notice as each of these people would be pushed it, for those who have not read it yet:
     * with how many unread notices of its type reached them in its window, and whether a newer
     * one of the window supersedes it.
     */
    async noticeFor(notificationId: string, userIds: readonly string[]): Promise<PushNotice[]> {
      if (userIds.length === 0) return [];
      // A recipient row carries its notice's created_at, so a person's notices of the window are a
      // range of the feed index (user_id, created_at, notification_id): a newer one is a few rows on.
      // Only the notice that is pushed counts its burst: the notices of its type and window, found
      // once by their own index, each looked up among the person's rows by key. The read state is
      // tested after the rows are found (the fences, `offset 0`), so that the index of everyone's
      // unread rows is never taken for this, whatever the statistics say.
      const ofType = sql`from notification_recipients r2 join notifications n2 on n2.id = r2.notification_id
        where r2.user_id = r.user_id and n2.type = n.type and r2.created_at < w.start + ${window}`;
      return queryRows<PushNotice>(
        db,
        sql`with window_notices as materialized (
            select n2.id from notifications n
            join notifications n2 on n2.type = n.type
              and n2.created_at >= ${start} and n2.created_at < ${start} + ${window}
            where n.id = ${notificationId}
          )
          select r.user_id as "userId", n.type, n.title, n.message, n.link, s.superseded,
            case when s.superseded then 0
              else (select count(*)::int from window_notices t
                cross join lateral (
                  select read_at from notification_recipients r2
                  where r2.user_id = r.user_id and r2.notification_id = t.id
                  offset 0
                ) x
                where x.read_at is null)
            end as "inBurst"
          from notifications n
          cross join lateral (select ${start} as start) w
          join lateral (
            select user_id, read_at from notification_recipients where notification_id = n.id offset 0
          ) r on r.read_at is null
          cross join lateral (
            select exists (select 1 ${ofType} and r2.read_at is null and r2.created_at >= n.created_at
              and (r2.created_at, r2.notification_id) > (n.created_at, n.id)) as superseded
            offset 0
          ) s
          where n.id = ${notificationId}
            and r.user_id in ${among(userIds)}`,
      );
    },
  };
}
