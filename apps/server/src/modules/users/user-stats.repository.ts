import { sql } from 'drizzle-orm';
import type { ActivityItem } from '@trowel/shared/users/user.schemas.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';

/** A person's profile figures and what they did, computed in SQL on the author and uploader indexes. */
export function userStatsRepository(db: Db) {
  return {
    /** Projects they lead, work on or are the client of (and how many are completed), logs, media. */
    async figures(userId: string) {
      const [row] = await queryRows<{
        projects: number;
        completed: number;
        updates: number;
        media: number;
      }>(
        db,
        sql`
          with mine as (
            select p.id, p.status from projects p
            where p.project_lead_id = ${userId} or p.client_id = ${userId}
            union
            select p.id, p.status from project_members m join projects p on p.id = m.project_id
            where m.user_id = ${userId}
          )
          select
            (select count(*) from mine)::int as projects,
            (select count(*) from mine where status = 'completed')::int as completed,
            (select count(*) from daily_logs where author_id = ${userId} and deleted_at is null)::int
              as updates,
            (select count(*) from attachments where uploaded_by = ${userId} and kind = 'media')::int
              as media`,
      );
      return {
        projects: Number(row?.projects ?? 0),
        completed: Number(row?.completed ?? 0),
        updates: Number(row?.updates ?? 0),
        media: Number(row?.media ?? 0),
      };
    },

    /**
     * The latest things the person did, newest first: account and project events recorded as they
     * happen (activities), and the logs, replies and media uploads they made, read from those tables.
     */
    async recent(userId: string, limit: number): Promise<ActivityItem[]> {
      const rows = await queryRows<{
        id: string;
        type: ActivityItem['type'];
        description: string;
        created_at: string | Date;
      }>(
        db,
        sql`
          select * from (
            (select a.id::text, a.type, a.description, a.created_at
               from activities a where a.user_id = ${userId}
               order by a.created_at desc limit ${limit})
            union all
            (select l.id::text, 'log', 'Posted daily log "' || l.title || '" on "' || p.title || '"', l.created_at
               from daily_logs l join projects p on p.id = l.project_id
               where l.author_id = ${userId} and l.deleted_at is null
               order by l.created_at desc limit ${limit})
            union all
            (select r.id::text, 'reply', 'Replied to "' || l.title || '" on "' || p.title || '"', r.created_at
               from daily_log_replies r
               join daily_logs l on l.id = r.daily_log_id
               join projects p on p.id = l.project_id
               where r.author_id = ${userId} and r.deleted_at is null
               order by r.created_at desc limit ${limit})
            union all
            (select f.id::text, 'media', 'Uploaded "' || f.original_name || '" to "' || p.title || '"', f.created_at
               from attachments f join projects p on p.id = f.project_id
               where f.uploaded_by = ${userId} and f.kind = 'media'
               order by f.created_at desc limit ${limit})
          ) done
          order by created_at desc, id desc
          limit ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        description: row.description,
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
  };
}

export type UserStatsRepository = ReturnType<typeof userStatsRepository>;
