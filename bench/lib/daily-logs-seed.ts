import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import { attachments, dailyLogReplies, dailyLogs } from '@trowel/server/src/db/schema.ts';
import { DAILY_LOG_TYPES } from '@trowel/shared/daily-logs/daily-log.schemas.ts';

export interface DailyLogSeedOptions {
  logs: number;
  /** Replies per log: all but the last answer the log, the last answers the one before it. */
  repliesPerLog: number;
  /** Every n-th log and every n-th reply carries a photo. */
  photoEvery: number;
  /** Project media items (kind 'media'), newest first about a minute apart. */
  media: number;
}

export interface DailyLogSeedReport {
  rows: Record<'logs' | 'replies' | 'attachments', number>;
  clientVisibleLogs: number;
  milliseconds: number;
}

const SITE_NOTES = [
  'Poured the ground-floor slab; curing started with wet hessian.',
  'Blockwork on the first floor reached lintel level on the east side.',
  'Rain stopped work after 2 pm; the excavation was covered with tarpaulin.',
  'Delivered 600 bags of cement and 30 tonnes of sharp sand to site.',
  'Electrician finished conduit runs for the second-floor flats.',
  'Client visited and approved the kitchen finishes.',
  'Scaffolding inspected and tagged; two boards replaced.',
  'Roof trusses lifted into place; bracing continues tomorrow.',
];

function textArray(values: readonly string[]) {
  return sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
}

/** Ready photo rows: the list only reads their metadata, so their keys need not exist in storage. */
function photoColumns(owner: string) {
  return sql.raw(`'bench/' || ${owner} || '.jpg', 'site-photo.jpg', 'image/jpeg', 2400000, 'ready',
    jsonb_build_object('thumbnail_webp', 'bench/' || ${owner} || '-t.webp', 'thumbnail_jpg', 'bench/' || ${owner} || '-t.jpg',
      'medium_webp', 'bench/' || ${owner} || '-m.webp', 'medium_jpg', 'bench/' || ${owner} || '-m.jpg')`);
}

/**
 * Seeds daily logs on the existing projects (spread evenly, one about every 5 minutes back from now;
 * three in ten client-visible), their replies (the last one of each log nested under the one before),
 * photos on some logs and replies, and project media, in set-based statements in one transaction.
 * Authors are the seeded project leads and team members.
 */
export async function seedDailyLogs(db: Db, options: DailyLogSeedOptions): Promise<DailyLogSeedReport> {
  const started = performance.now();
  const { logs, repliesPerLog, photoEvery, media } = options;
  const authors = sql`(select array_agg(id order by email) from users where role in ('project_lead', 'team_member'))`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with p as (select array_agg(id order by created_at, id) as ids from projects),
      n as (select g, (g::bigint * 2654435761) % 4294967296 as h from generate_series(1, ${logs}::int) g)
      insert into daily_logs (project_id, author_id, author_role, title, message, type, is_client_visible, created_at)
      select p.ids[1 + n.g % array_length(p.ids, 1)], a.ids[1 + n.h % array_length(a.ids, 1)], 'project_lead',
        'Site report ' || n.g, (${textArray(SITE_NOTES)})[1 + n.h % ${SITE_NOTES.length}],
        (${textArray(DAILY_LOG_TYPES)})[1 + (n.h / 7) % ${DAILY_LOG_TYPES.length}],
        (n.h / 13) % 10 < 3,
        date_trunc('milliseconds', now()) - make_interval(secs => ((${logs}::int - n.g) * 300 + n.h % 300)::float8)
      from n, p, (select ${authors} as ids) a`);

    const topLevel = repliesPerLog - 1;
    await tx.execute(sql`
      insert into daily_log_replies (daily_log_id, author_id, author_role, message, created_at)
      select l.id, a.ids[1 + (abs(hashtext(l.id::text)) + k) % array_length(a.ids, 1)], 'team_member',
        'Noted, reply ' || k || '.', l.created_at + make_interval(mins => k * 20)
      from daily_logs l cross join generate_series(1, ${topLevel}::int) k, (select ${authors} as ids) a`);
    await tx.execute(sql`
      insert into daily_log_replies (daily_log_id, parent_reply_id, author_id, author_role, message, created_at)
      select r.daily_log_id, r.id, r.author_id, r.author_role, 'Thanks, will do.', r.created_at + interval '5 minutes'
      from (select distinct on (daily_log_id) id, daily_log_id, author_id, author_role, created_at
            from daily_log_replies order by daily_log_id, created_at desc, id desc) r`);

    await tx.execute(sql`
      insert into attachments (project_id, daily_log_id, kind, media_type, uploaded_by, created_at,
        storage_key, original_name, mime_type, size, status, variants)
      select l.project_id, l.id, 'log', 'image', l.author_id, l.created_at, ${photoColumns('l.id::text')}
      from (select *, row_number() over (order by created_at, id) as rn from daily_logs) l
      where l.rn % ${photoEvery}::int = 0`);
    await tx.execute(sql`
      insert into attachments (project_id, reply_id, kind, media_type, uploaded_by, created_at,
        storage_key, original_name, mime_type, size, status, variants)
      select l.project_id, r.id, 'reply', 'image', r.author_id, r.created_at, ${photoColumns('r.id::text')}
      from (select *, row_number() over (order by created_at, id) as rn from daily_log_replies) r
        join daily_logs l on l.id = r.daily_log_id
      where r.rn % ${photoEvery}::int = 0`);
    await tx.execute(sql`
      with p as (select array_agg(id order by created_at, id) as ids from projects)
      insert into attachments (project_id, kind, media_type, description, is_client_visible, uploaded_by,
        created_at, storage_key, original_name, mime_type, size, status, variants)
      select p.ids[1 + g % array_length(p.ids, 1)], 'media', 'image', 'Progress photo ' || g, g % 3 = 0,
        a.ids[1 + g % array_length(a.ids, 1)],
        date_trunc('milliseconds', now()) - make_interval(secs => (${media}::int - g) * 60),
        ${photoColumns("'media-' || g")}
      from generate_series(1, ${media}::int) g, p, (select ${authors} as ids) a`);
  });
  return {
    rows: {
      logs: await db.$count(dailyLogs),
      replies: await db.$count(dailyLogReplies),
      attachments: await db.$count(attachments),
    },
    clientVisibleLogs: await db.$count(dailyLogs, sql`${dailyLogs.isClientVisible}`),
    milliseconds: performance.now() - started,
  };
}
