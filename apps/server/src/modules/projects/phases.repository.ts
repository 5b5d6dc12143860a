import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import {
  attachments,
  phases,
  tasks,
  users,
  type AttachmentRow,
  type PhaseRow,
  type TaskRow,
} from '../../db/schema.ts';

export interface TaskWithAssignee extends TaskRow {
  assigneeName: string | null;
}

/** Phases, tasks and task attachments of projects. */
export function phasesRepository(db: Db) {
  return {
    async ofProject(projectId: string) {
      return db
        .select()
        .from(phases)
        .where(eq(phases.projectId, projectId))
        .orderBy(asc(phases.position), asc(phases.createdAt));
    },

    async tasksOfProject(projectId: string): Promise<TaskWithAssignee[]> {
      const rows = await db
        .select({ task: tasks, assigneeName: users.name })
        .from(tasks)
        .leftJoin(users, eq(users.id, tasks.assignedToId))
        .where(eq(tasks.projectId, projectId))
        .orderBy(asc(tasks.position), asc(tasks.createdAt));
      // The joined field first, then the row (see docs/decisions.md, "Fields added before a spread").
      return rows.map((row) => ({ assigneeName: row.assigneeName, ...row.task }));
    },

    async attachmentsOfTasks(taskIds: readonly string[]): Promise<AttachmentRow[]> {
      if (taskIds.length === 0) return [];
      return db
        .select()
        .from(attachments)
        .where(inArray(attachments.taskId, [...taskIds]))
        .orderBy(asc(attachments.createdAt), asc(attachments.position), asc(attachments.id));
    },

    async findPhase(projectId: string, phaseId: string) {
      const [row] = await db
        .select()
        .from(phases)
        .where(and(eq(phases.id, phaseId), eq(phases.projectId, projectId)))
        .limit(1);
      return row ?? null;
    },

    async findTask(phaseId: string, taskId: string) {
      const [row] = await db
        .select({ task: tasks, assigneeName: users.name })
        .from(tasks)
        .leftJoin(users, eq(users.id, tasks.assignedToId))
        .where(and(eq(tasks.id, taskId), eq(tasks.phaseId, phaseId)))
        .limit(1);
      return row ? { ...row.task, assigneeName: row.assigneeName } : null;
    },

    async insertPhase(values: typeof phases.$inferInsert): Promise<PhaseRow> {
      const [row] = await db.insert(phases).values(values).returning();
      return row!;
    },

    async updatePhase(id: string, values: Partial<typeof phases.$inferInsert>) {
      const [row] = await db
        .update(phases)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(phases.id, id))
        .returning();
      return row ?? null;
    },

    async deletePhase(id: string) {
      await db.delete(phases).where(eq(phases.id, id));
    },

    async nextPhasePosition(projectId: string) {
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${phases.position}), -1)::int + 1` })
        .from(phases)
        .where(eq(phases.projectId, projectId));
      return Number(row?.next ?? 0);
    },

    async insertTask(values: typeof tasks.$inferInsert): Promise<TaskRow> {
      const [row] = await db.insert(tasks).values(values).returning();
      return row!;
    },

    async updateTask(id: string, values: Partial<typeof tasks.$inferInsert>) {
      const [row] = await db
        .update(tasks)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tasks.id, id))
        .returning();
      return row ?? null;
    },

    async deleteTask(id: string) {
      await db.delete(tasks).where(eq(tasks.id, id));
    },

    async nextTaskPosition(phaseId: string) {
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${tasks.position}), -1)::int + 1` })
        .from(tasks)
        .where(eq(tasks.phaseId, phaseId));
      return Number(row?.next ?? 0);
    },

    async taskProgress(phaseId: string) {
      const rows = await db
        .select({ progress: tasks.progress })
        .from(tasks)
        .where(eq(tasks.phaseId, phaseId));
      return rows.map((row) => row.progress);
    },

    async phaseProgress(projectId: string) {
      const rows = await db
        .select({ progress: phases.progress })
        .from(phases)
        .where(eq(phases.projectId, projectId));
      return rows.map((row) => row.progress);
    },

    /** Storage keys of every file under a project, a phase or a task (to remove after the rows), rows locked. */
    async storageKeysUnder(scope: { projectId?: string; phaseId?: string; taskId?: string }) {
      const condition = scope.taskId
        ? eq(attachments.taskId, scope.taskId)
        : scope.phaseId
          ? eq(attachments.phaseId, scope.phaseId)
          : eq(attachments.projectId, scope.projectId!);
      // Locked, so a job finishing a file meanwhile waits and then finds it gone (and removes its variants).
      const rows = await db
        .select({ key: attachments.storageKey, variants: attachments.variants })
        .from(attachments)
        .where(condition)
        .for('update');
      return rows.flatMap((row) => [row.key, ...Object.values(row.variants ?? {})]);
    },

    /** Staff who may be assigned tasks, found by id or exact name (at most two, to spot a shared name). */
    async findAssignees(idOrName: string, roles: readonly Role[]) {
      const byId = /^[0-9a-f-]{36}$/i.test(idOrName);
      return db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(
          and(
            byId ? eq(users.id, idOrName) : eq(users.name, idOrName),
            inArray(users.role, [...roles]),
            sql`${users.deactivatedAt} is null`,
          ),
        )
        .limit(2);
    },
  };
}

export type PhasesRepository = ReturnType<typeof phasesRepository>;
