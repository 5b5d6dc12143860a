import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { dailyLogReplies, dailyLogs, projects, users, type DailyLogRow } from '../../db/schema.ts';
import type { ProjectCursor } from '../projects/project-cursor.ts';

export interface DailyLogFilter {
  projectId?: string | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  until?: Date | undefined;
}

/** Logs a user may see: clients the client-visible logs of their own projects, vendors none. */
function visibleLogs(actor: Actor): SQL | undefined {
  if (actor.role === 'client') {
    return and(
      eq(dailyLogs.isClientVisible, true),
      inArray(
        dailyLogs.projectId,
        sql`(select ${projects.id} from ${projects} where ${projects.clientId} = ${actor.id})`,
      ),
    );
  }
  return actor.role === 'vendor' ? sql`false` : undefined;
}

function filtered(actor: Actor, filter: DailyLogFilter) {
  return and(
    visibleLogs(actor),
    filter.projectId ? eq(dailyLogs.projectId, filter.projectId) : undefined,
    filter.from ? gte(dailyLogs.createdAt, filter.from) : undefined,
    filter.until ? lt(dailyLogs.createdAt, filter.until) : undefined,
  );
}

const logColumns = {
  log: dailyLogs,
  authorName: users.name,
  projectTitle: projects.title,
};

export type DailyLogListRow = DailyLogRow & { authorName: string | null; projectTitle: string };

/** The only place that touches daily logs and their replies. */
export function dailyLogsRepository(db: Db) {
  return {
    /** One page in creation order, after a cursor or at an offset; one row more tells whether another follows. */
    async page(
      actor: Actor,
      filter: DailyLogFilter,
      page: { descending: boolean; cursor: ProjectCursor | null; offset: number; limit: number },
    ): Promise<DailyLogListRow[]> {
      const { descending, cursor } = page;
      const after = cursor
        ? sql`(${dailyLogs.createdAt}, ${dailyLogs.id}) ${sql.raw(descending ? '<' : '>')} (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
        : undefined;
      const rows = await db
        .select(logColumns)
        .from(dailyLogs)
        .innerJoin(projects, eq(projects.id, dailyLogs.projectId))
        .leftJoin(users, eq(users.id, dailyLogs.authorId))
        .where(and(filtered(actor, filter), after))
        .orderBy(
          ...(descending
            ? [desc(dailyLogs.createdAt), desc(dailyLogs.id)]
            : [asc(dailyLogs.createdAt), asc(dailyLogs.id)]),
        )
        .limit(page.limit + 1)
        .offset(cursor ? 0 : page.offset);
      return rows.map((row) => ({ ...row.log, authorName: row.authorName, projectTitle: row.projectTitle }));
    },

    async count(actor: Actor, filter: DailyLogFilter) {
      const [row] = await db.select({ total: count() }).from(dailyLogs).where(filtered(actor, filter));
      return Number(row?.total ?? 0);
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
      return row ? { ...row.log, authorName: row.authorName, projectTitle: row.projectTitle } : null;
    },

    async findReply(id: string) {
      const [row] = await db.select().from(dailyLogReplies).where(eq(dailyLogReplies.id, id)).limit(1);
      return row ?? null;
    },

    /** Every reply of these logs, oldest first, with its author's name. */
    async repliesOf(logIds: readonly string[]) {
      if (logIds.length === 0) return [];
      const rows = await db
        .select({ reply: dailyLogReplies, authorName: users.name })
        .from(dailyLogReplies)
        .leftJoin(users, eq(users.id, dailyLogReplies.authorId))
        .where(inArray(dailyLogReplies.dailyLogId, [...logIds]))
        .orderBy(asc(dailyLogReplies.createdAt), asc(dailyLogReplies.id));
      return rows.map((row) => ({ ...row.reply, authorName: row.authorName }));
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
export type DailyLogReplyListRow = Awaited<ReturnType<DailyLogsRepository['repliesOf']>>[number];
