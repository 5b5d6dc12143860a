import { and, count, eq, sql } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { rowsFromJson } from '../../db/json-rows.ts';
import { afterKey, keyOrder, keysetValues, pageBounds } from '../../db/keyset.ts';
import { preparedStatements, type Bind } from '../../db/prepared.ts';
import {
  attachments,
  dailyLogReplies,
  dailyLogs,
  projects,
  users,
  type AttachmentRow,
  type DailyLogReplyRow,
  type DailyLogRow,
} from '../../db/schema.ts';
import type { KeysetCursor } from '../../db/keyset-cursor.ts';
import { visibleInFeed, scopeLetter } from '../../db/visibility.ts';

export interface DailyLogFilter {
  projectId?: string | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  until?: Date | undefined;
}

function filtered(actor: Actor, filter: DailyLogFilter, bind: Bind) {
  return and(
    visibleInFeed(actor, dailyLogs, bind('actorId', actor.id)),
    filter.projectId ? eq(dailyLogs.projectId, bind('projectId', filter.projectId) as string) : undefined,
    filter.from
      ? sql`${dailyLogs.createdAt} >= ${bind('from', filter.from.toISOString())}::timestamptz`
      : undefined,
    filter.until
      ? sql`${dailyLogs.createdAt} < ${bind('until', filter.until.toISOString())}::timestamptz`
      : undefined,
  );
}

/** What changes a list statement's text: who asks (staff, client, vendor) and which filters are set. */
function shapeOf(actor: Actor, filter: DailyLogFilter) {
  const who = scopeLetter(actor);
  return `${who}${filter.projectId ? 'P' : ''}${filter.from ? 'F' : ''}${filter.until ? 'U' : ''}`;
}

function valuesOf(actor: Actor, filter: DailyLogFilter) {
  return {
    actorId: actor.id,
    projectId: filter.projectId,
    from: filter.from?.toISOString(),
    until: filter.until?.toISOString(),
  };
}

type JsonRow = Record<string, unknown>;

/**
 * A log with its thread, in one statement: its replies (with their authors' names) and the files of
 * the log and of every reply come as JSON arrays from correlated subqueries on their indexes.
 */
const logColumns = {
  log: dailyLogs,
  authorName: users.name,
  projectTitle: projects.title,
  replyRows: sql<Array<[JsonRow, string | null]>>`coalesce((
    select json_agg(json_build_array(to_json(r), ru.name) order by r.created_at, r.id)
    from ${dailyLogReplies} r left join ${users} ru on ru.id = r.author_id
    where r.daily_log_id = ${dailyLogs.id}), '[]')`,
  // An array, not `in (subquery)`: the planner can then combine the two indexes.
  fileRows: sql<JsonRow[]>`coalesce((
    select json_agg(to_json(a) order by a.created_at, a.position, a.id)
    from ${attachments} a
    where a.daily_log_id = ${dailyLogs.id}
      or a.reply_id = any(array(select id from ${dailyLogReplies} where daily_log_id = ${dailyLogs.id}))), '[]')`,
};

export type DailyLogReplyListRow = DailyLogReplyRow & { authorName: string | null };

export type DailyLogListRow = DailyLogRow & {
  authorName: string | null;
  projectTitle: string;
  replies: DailyLogReplyListRow[];
  /** Files of the log and of its replies, oldest first. */
  files: AttachmentRow[];
};

function toListRow(row: {
  log: DailyLogRow;
  authorName: string | null;
  projectTitle: string;
  replyRows: Array<[JsonRow, string | null]>;
  fileRows: JsonRow[];
}): DailyLogListRow {
  const replies = rowsFromJson(
    dailyLogReplies,
    row.replyRows.map(([reply]) => reply),
  ).map((reply, index) => ({ authorName: row.replyRows[index]![1], ...reply }));
  // The joined fields first, then the row (see docs/decisions.md, "Fields added before a spread").
  return {
    authorName: row.authorName,
    projectTitle: row.projectTitle,
    replies,
    files: rowsFromJson(attachments, row.fileRows),
    ...row.log,
  };
}

/** The only place that touches daily logs and their replies. */
export function dailyLogsRepository(db: Db) {
  const prepared = preparedStatements('daily_logs');
  return {
    /** One page in creation order, after a cursor or at an offset; one row more tells whether another follows. */
    async page(
      actor: Actor,
      filter: DailyLogFilter,
      page: { descending: boolean; cursor: KeysetCursor | null; offset: number; limit: number },
    ): Promise<DailyLogListRow[]> {
      const { descending, cursor } = page;
      const shape = `page_${shapeOf(actor, filter)}_${descending ? 'desc' : 'asc'}_${cursor ? 'after' : 'at'}`;
      const values = { ...valuesOf(actor, filter), ...keysetValues(page) };
      const rows = await prepared(shape, values, (bind) => {
        const bounds = pageBounds(page, bind);
        return db
          .select(logColumns)
          .from(dailyLogs)
          .innerJoin(projects, eq(projects.id, dailyLogs.projectId))
          .leftJoin(users, eq(users.id, dailyLogs.authorId))
          .where(and(filtered(actor, filter, bind), afterKey(dailyLogs, descending, page, bind)))
          .orderBy(...keyOrder(dailyLogs, descending))
          .limit(bounds.limit)
          .offset(bounds.offset);
      });
      return rows.map(toListRow);
    },

    async count(actor: Actor, filter: DailyLogFilter) {
      const rows = await prepared(`count_${shapeOf(actor, filter)}`, valuesOf(actor, filter), (bind) =>
        db
          .select({ total: count() })
          .from(dailyLogs)
          .where(filtered(actor, filter, bind)),
      );
      return Number(rows[0]?.total ?? 0);
    },

    async find(id: string): Promise<DailyLogRow | null> {
      const [row] = await db.select().from(dailyLogs).where(eq(dailyLogs.id, id)).limit(1);
      return row ?? null;
    },

    async findWithNames(id: string): Promise<DailyLogListRow | null> {
      const [row] = await db
        .select(logColumns)
        .from(dailyLogs)
        .innerJoin(projects, eq(projects.id, dailyLogs.projectId))
        .leftJoin(users, eq(users.id, dailyLogs.authorId))
        .where(eq(dailyLogs.id, id))
        .limit(1);
      return row ? toListRow(row) : null;
    },

    async findReply(id: string) {
      const [row] = await db.select().from(dailyLogReplies).where(eq(dailyLogReplies.id, id)).limit(1);
      return row ?? null;
    },

    async insert(values: typeof dailyLogs.$inferInsert) {
      const [row] = await db.insert(dailyLogs).values(values).returning();
      return row!;
    },

    async insertReply(values: typeof dailyLogReplies.$inferInsert) {
      const [row] = await db.insert(dailyLogReplies).values(values).returning();
      return row!;
    },

    /** Marks a log deleted and forgets its text; false when it already was. */
    async markDeleted(id: string) {
      const rows = await db
        .update(dailyLogs)
        .set({ deletedAt: sql`now()`, message: '' })
        .where(and(eq(dailyLogs.id, id), sql`${dailyLogs.deletedAt} is null`))
        .returning({ id: dailyLogs.id });
      return rows.length > 0;
    },

    async markReplyDeleted(id: string) {
      const rows = await db
        .update(dailyLogReplies)
        .set({ deletedAt: sql`now()`, message: '' })
        .where(and(eq(dailyLogReplies.id, id), sql`${dailyLogReplies.deletedAt} is null`))
        .returning({ id: dailyLogReplies.id });
      return rows.length > 0;
    },
  };
}

export type DailyLogsRepository = ReturnType<typeof dailyLogsRepository>;
