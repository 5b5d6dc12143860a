import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects, users, type ProjectRow } from '../../db/schema.ts';
import {
  client,
  lead,
  projectListStatements,
  summaryColumns,
  type PagePosition,
  type ProjectFilter,
} from './project-list.repository.ts';
import { visibleTo } from '../../db/visibility.ts';

export interface ProjectSummaryRow extends ProjectRow {
  leadName: string | null;
  clientName: string | null;
  teamMemberCount: number;
  /** The value recorded in the project's financials, in kobo; null while none are recorded. */
  valueKobo: number | null;
  /** The approved change orders, in kobo. */
  variationsKobo: number;
}

/** The only place that touches projects and their team; every read is scoped by what the actor may see. */
export function projectsRepository(db: Db) {
  const listStatements = projectListStatements(db);

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
    valueKobo: string | number | null;
    variationsKobo: string | number | null;
  }): ProjectSummaryRow => ({
    ...row.project,
    leadName: row.leadName,
    clientName: row.clientName,
    teamMemberCount: Number(row.teamMemberCount),
    valueKobo: row.valueKobo === null ? null : Number(row.valueKobo),
    variationsKobo: Number(row.variationsKobo ?? 0),
  });

  return {
    /**
     * One page in creation order, starting after a cursor or at a key (see keyAt); prepared per shape.
     */
    async list(
      actor: Actor,
      filter: ProjectFilter,
      page: { descending: boolean; position: PagePosition | null; limit: number },
    ) {
      const rows = await listStatements.page(actor, filter, page.descending, page.position, page.limit);
      return { rows: rows.slice(0, page.limit).map(flatten), hasNext: rows.length > page.limit };
    },

    /** The key at an offset into the filtered list, for numbered pages without a cursor. */
    keyAt: listStatements.keyAt,

    count: listStatements.count,

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
          // Only approved budgets count (read from their partial index).
          approvedKobo: sql<string>`(select coalesce(sum(b.total_kobo), 0) from budgets b where b.status = 'approved' and b.project_id in (select ${projects.id} from ${projects} ${visibleTo(actor) ? sql`where ${visibleTo(actor)}` : sql``}))`,
        })
        .from(projects)
        .where(visibleTo(actor));
      return {
        active: Number(row?.active ?? 0),
        completed: Number(row?.completed ?? 0),
        budget: Number(row?.budget ?? 0),
        spent: Number(row?.spent ?? 0),
        approvedKobo: Number(row?.approvedKobo ?? 0),
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
