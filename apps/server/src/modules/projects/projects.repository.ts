import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListProjectsQuery } from '@trowel/shared/projects/project.schemas.ts';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects, users, type ProjectRow } from '../../db/schema.ts';
import type { ProjectCursor } from './project-cursor.ts';

const lead = alias(users, 'lead');
const client = alias(users, 'client');

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A key naming what a user may see, for caches shared by users who see the same projects. */
export function visibilityKey(actor: Actor): string {
  if (actor.role === 'client') return `client:${actor.id}`;
  return actor.role === 'vendor' ? 'none' : 'staff';
}

/** What a user may see: clients their own projects, vendors none, staff all. */
export function visibleTo(actor: Actor): SQL | undefined {
  if (actor.role === 'client') return eq(projects.clientId, actor.id);
  if (actor.role === 'vendor') return sql`false`;
  return undefined;
}

export type ProjectListFilter = Omit<ListProjectsQuery, 'cursor'> & { cursor: ProjectCursor | null };

export interface ProjectSummaryRow extends ProjectRow {
  leadName: string | null;
  clientName: string | null;
  teamMemberCount: number;
}

const summaryColumns = {
  project: projects,
  leadName: lead.name,
  clientName: client.name,
  teamMemberCount: sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`,
};

/** The only place that touches projects and their team; every read is scoped by what the actor may see. */
export function projectsRepository(db: Db) {
  function filters(
    actor: Actor,
    filter: Omit<ProjectListFilter, 'page' | 'limit' | 'sortBy' | 'sortOrder' | 'cursor'>,
  ) {
    const conditions: Array<SQL | undefined> = [visibleTo(actor)];
    if (filter.status) conditions.push(eq(projects.status, filter.status));
    if (filter.category) conditions.push(eq(projects.category, filter.category));
    if (filter.clientId) conditions.push(eq(projects.clientId, filter.clientId));
    if (filter.memberId) {
      conditions.push(
        or(
          eq(projects.projectLeadId, filter.memberId),
          sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${filter.memberId})`,
        ),
      );
    }
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      conditions.push(or(ilike(projects.title, pattern), ilike(projects.location, pattern)));
    }
    return and(...conditions);
  }

  function summaries() {
    return db
      .select(summaryColumns)
      .from(projects)
      .leftJoin(lead, eq(lead.id, projects.projectLeadId))
      .leftJoin(client, eq(client.id, projects.clientId));
  }

  const flatten = (row: {
    project: ProjectRow;
    leadName: string | null;
    clientName: string | null;
    teamMemberCount: number;
  }) => ({
    ...row.project,
    leadName: row.leadName,
    clientName: row.clientName,
    teamMemberCount: Number(row.teamMemberCount),
  });

  return {
    /**
     * One page in creation order. With a cursor the page starts right after it (keyset, any depth);
     * without one, the page's first key is found on the narrow index, then rows are read by key.
     */
    async list(actor: Actor, filter: ProjectListFilter) {
      const where = filters(actor, filter);
      const descending = filter.sortOrder === 'desc';
      const order = descending
        ? [desc(projects.createdAt), desc(projects.id)]
        : [asc(projects.createdAt), asc(projects.id)];
      const after = (key: ProjectCursor, inclusive: boolean) => {
        const op = sql.raw(descending ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>');
        return sql`(${projects.createdAt}, ${projects.id}) ${op} (${key.createdAt.toISOString()}::timestamptz, ${key.id}::uuid)`;
      };
      let position: SQL | undefined;
      if (filter.cursor) position = after(filter.cursor, false);
      else if (filter.page > 1) {
        const [first] = await db
          .select({ createdAt: projects.createdAt, id: projects.id })
          .from(projects)
          .where(where)
          .orderBy(...order)
          .offset((filter.page - 1) * filter.limit)
          .limit(1);
        if (!first) position = sql`false`;
        else position = after(first, true);
      }
      const rows = await summaries()
        .where(and(where, position))
        .orderBy(...order)
        .limit(filter.limit + 1);
      const page = rows.slice(0, filter.limit).map(flatten);
      return { rows: page, hasNext: rows.length > filter.limit };
    },

    async count(
      actor: Actor,
      filter: Omit<ProjectListFilter, 'page' | 'limit' | 'sortBy' | 'sortOrder' | 'cursor'>,
    ) {
      const [row] = await db.select({ total: count() }).from(projects).where(filters(actor, filter));
      return Number(row?.total ?? 0);
    },

    async findSummary(actor: Actor, id: string) {
      const [row] = await summaries()
        .where(and(eq(projects.id, id), visibleTo(actor)))
        .limit(1);
      return row ? flatten(row) : null;
    },

    /** The project row, locked for the rest of the transaction (serialises phase changes). */
    async lock(id: string) {
      const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update').limit(1);
      return row ?? null;
    },

    async findVisible(actor: Actor, id: string) {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), visibleTo(actor)))
        .limit(1);
      return row ?? null;
    },

    async members(projectId: string) {
      return db
        .select({ userId: users.id, name: users.name, role: users.role })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(eq(projectMembers.projectId, projectId))
        .orderBy(asc(projectMembers.createdAt), asc(users.name));
    },

    async insert(values: typeof projects.$inferInsert) {
      const [row] = await db.insert(projects).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<typeof projects.$inferInsert>) {
      const [row] = await db
        .update(projects)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(projects.id, id))
        .returning();
      return row ?? null;
    },

    async setMembers(projectId: string, userIds: readonly string[]) {
      await db.delete(projectMembers).where(eq(projectMembers.projectId, projectId));
      if (userIds.length > 0) {
        await db.insert(projectMembers).values(userIds.map((userId) => ({ projectId, userId })));
      }
    },

    async delete(id: string) {
      await db.delete(projects).where(eq(projects.id, id));
    },

    async categories(actor: Actor) {
      const rows = await db
        .selectDistinct({ category: projects.category })
        .from(projects)
        .where(visibleTo(actor))
        .orderBy(asc(projects.category));
      return rows.map((row) => row.category);
    },

    /** Counts and sums for the dashboard, in one pass over what the actor may see. */
    async dashboardTotals(actor: Actor) {
      const [row] = await db
        .select({
          active: sql<number>`count(*) filter (where ${projects.status} = 'in_progress')::int`,
          completed: sql<number>`count(*) filter (where ${projects.status} = 'completed')::int`,
          budget: sql<string>`coalesce(sum(${projects.budget}), 0)`,
          spent: sql<string>`coalesce(sum(${projects.spent}), 0)`,
        })
        .from(projects)
        .where(visibleTo(actor));
      return {
        active: Number(row?.active ?? 0),
        completed: Number(row?.completed ?? 0),
        budget: Number(row?.budget ?? 0),
        spent: Number(row?.spent ?? 0),
      };
    },

    async activeProjects(actor: Actor, limit: number) {
      return db
        .select({ id: projects.id, title: projects.title, progress: projects.progress })
        .from(projects)
        .where(and(eq(projects.status, 'in_progress'), visibleTo(actor)))
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(limit);
    },

    /** Users by id with their role, active only (lead, client and team checks). */
    async usersByIds(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(and(inArray(users.id, [...ids]), sql`${users.deactivatedAt} is null`));
    },
  };
}

export type ProjectsRepository = ReturnType<typeof projectsRepository>;
