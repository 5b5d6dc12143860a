import { phaseLabel } from '@trowel/shared/projects/phase.names.ts';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import { lookAheadCoversEveryProject } from '@trowel/shared/schedule/schedule.policy.ts';
import type { LinkType } from '@trowel/shared/schedule/critical-path.ts';
import type { Db } from '../../../db/client.ts';
import { phases, projectMembers, projects, tasks } from '../../../db/schema/projects.ts';
import { users } from '../../../db/schema/people.ts';
import { visibleTo } from '../../../db/visibility.ts';
import { taskBaselines, taskLinks, type TaskLinkRow } from './schedule.tables.ts';

/** A project's task as the schedule reads it, with its baseline. */
export interface ScheduleTaskRow {
  id: string;
  phaseId: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  progress: number;
  baselineStart: string | null;
  baselineEnd: string | null;
  baselineSavedAt: Date | null;
}

/** A link as the schedule reads it. */
export type ScheduleLinkRow = Pick<TaskLinkRow, 'id' | 'fromTaskId' | 'toTaskId' | 'type' | 'lagDays'>;

/** Task links, baselines and the look-ahead: the schedule's rows. */
export function scheduleRepository(db: Db) {
  return {
    /** The project's tasks in the phases' order, then the tasks', each with its baseline. */
    async tasks(projectId: string): Promise<ScheduleTaskRow[]> {
      return db
        .select({
          id: tasks.id,
          phaseId: tasks.phaseId,
          name: tasks.name,
          startDate: tasks.startDate,
          endDate: tasks.endDate,
          progress: tasks.progress,
          baselineStart: taskBaselines.startDate,
          baselineEnd: taskBaselines.endDate,
          baselineSavedAt: taskBaselines.savedAt,
        })
        .from(tasks)
        .innerJoin(phases, eq(phases.id, tasks.phaseId))
        .leftJoin(taskBaselines, eq(taskBaselines.taskId, tasks.id))
        .where(eq(tasks.projectId, projectId))
        .orderBy(asc(phases.position), asc(phases.createdAt), asc(tasks.position), asc(tasks.createdAt));
    },

    /** The project's phases in their order, each named once for the schedule, as the project's page names it. */
    async phases(projectId: string): Promise<Array<{ id: string; name: string }>> {
      const rows = await db
        .select({ id: phases.id, name: phases.name, customLabel: phases.customLabel })
        .from(phases)
        .where(eq(phases.projectId, projectId))
        .orderBy(asc(phases.position), asc(phases.createdAt));
      return rows.map((row) => ({ id: row.id, name: phaseLabel(row) }));
    },

    async links(projectId: string): Promise<ScheduleLinkRow[]> {
      return db
        .select({
          id: taskLinks.id,
          fromTaskId: taskLinks.fromTaskId,
          toTaskId: taskLinks.toTaskId,
          type: taskLinks.type,
          lagDays: taskLinks.lagDays,
        })
        .from(taskLinks)
        .where(eq(taskLinks.projectId, projectId))
        .orderBy(asc(taskLinks.createdAt), asc(taskLinks.id));
    },

    /** Adds a link; null when the two tasks are already linked. */
    async insertLink(values: {
      projectId: string;
      fromTaskId: string;
      toTaskId: string;
      type: LinkType;
      lagDays: number;
    }): Promise<TaskLinkRow | null> {
      const [row] = await db.insert(taskLinks).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Removes a link of the project; false when there is none by that id. */
    async deleteLink(projectId: string, linkId: string): Promise<boolean> {
      const rows = await db
        .delete(taskLinks)
        .where(and(eq(taskLinks.id, linkId), eq(taskLinks.projectId, projectId)))
        .returning({ id: taskLinks.id });
      return rows.length > 0;
    },

    /** Moves tasks to new dates (the shifts that keep links), in one statement. */
    async moveTasks(moves: ReadonlyArray<{ id: string; startDate: string; endDate: string }>) {
      if (moves.length === 0) return;
      const values = sql.join(
        moves.map((move) => sql`(${move.id}::uuid, ${move.startDate}::date, ${move.endDate}::date)`),
        sql`, `,
      );
      await db.execute(sql`
        update tasks set start_date = moved.start_date, end_date = moved.end_date, updated_at = now()
        from (values ${values}) as moved(id, start_date, end_date)
        where tasks.id = moved.id`);
    },

    /** Replaces the project's baseline with its dated tasks' dates now; answers how many were kept. */
    async saveBaseline(projectId: string): Promise<number> {
      await db.delete(taskBaselines).where(eq(taskBaselines.projectId, projectId));
      const rows = await db
        .insert(taskBaselines)
        .select(
          db
            .select({
              taskId: tasks.id,
              projectId: tasks.projectId,
              startDate: tasks.startDate,
              endDate: tasks.endDate,
              savedAt: sql`now()`.as('saved_at'),
            })
            .from(tasks)
            .where(and(eq(tasks.projectId, projectId), isNotNull(tasks.startDate), isNotNull(tasks.endDate))),
        )
        .returning({ taskId: taskBaselines.taskId });
      return rows.length;
    },

    /**
     * Unfinished tasks of the actor's projects (every project for those who run them all) that start
     * or are due between `from` and `to`, or were due before `from`: the look-ahead, soonest first.
     */
    async lookAhead(actor: Actor, from: string, to: string) {
      return db
        .select({
          id: tasks.id,
          projectId: tasks.projectId,
          projectTitle: projects.title,
          phaseId: tasks.phaseId,
          name: tasks.name,
          startDate: tasks.startDate,
          endDate: tasks.endDate,
          progress: tasks.progress,
        })
        .from(tasks)
        .innerJoin(projects, eq(projects.id, tasks.projectId))
        .where(
          and(
            visibleTo(actor),
            lookAheadCoversEveryProject(actor)
              ? undefined
              : or(
                  eq(projects.projectLeadId, actor.id),
                  eq(tasks.assignedToId, actor.id),
                  sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${actor.id})`,
                ),
            lt(tasks.progress, 100),
            or(
              and(gte(tasks.startDate, from), lte(tasks.startDate, to)),
              and(isNotNull(tasks.endDate), lte(tasks.endDate, to)),
            ),
          ),
        )
        .orderBy(asc(sql`coalesce(${tasks.startDate}, ${tasks.endDate})`), asc(tasks.id))
        .limit(500);
    },

    /** Each task's assignee and, only when asked for, its notes: what the schedule's exports add to it. */
    async taskDetails(
      projectId: string,
      { withNotes }: { withNotes: boolean },
    ): Promise<Array<{ id: string; assignedTo: string | null; notes: string | null }>> {
      return db
        .select({
          id: tasks.id,
          assignedTo: users.name,
          notes: withNotes ? tasks.notes : sql<null>`null`,
        })
        .from(tasks)
        .leftJoin(users, eq(users.id, tasks.assignedToId))
        .where(eq(tasks.projectId, projectId));
    },

    /** The ids among `ids` that are tasks of the project. */
    async tasksOfProject(projectId: string, ids: readonly string[]): Promise<string[]> {
      const rows = await db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.projectId, projectId), inArray(tasks.id, [...ids])));
      return rows.map((row) => row.id);
    },
  };
}
