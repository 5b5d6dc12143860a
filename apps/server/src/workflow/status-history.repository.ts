import { asc, and, eq } from 'drizzle-orm';
import type { StatusHistoryEntry, WorkflowName } from '@trowel/shared/workflow/history.schemas.ts';
import type { Db } from '../db/client.ts';
import { statusHistory, users } from '../db/schema.ts';

export interface NewStatusHistoryEntry {
  workflow: WorkflowName;
  entityId: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actorId: string | null;
  remarks?: string | null;
}

/** Every transition of every workflow object, in one table keyed by workflow and object. */
export function statusHistoryRepository(db: Db) {
  return {
    async record(entry: NewStatusHistoryEntry) {
      await db.insert(statusHistory).values({ ...entry, remarks: entry.remarks ?? null });
    },

    /** An object's history, oldest first, with who took each step. */
    async forEntity(workflow: WorkflowName, entityId: string): Promise<StatusHistoryEntry[]> {
      const rows = await db
        .select({
          entry: statusHistory,
          actor: { id: users.id, name: users.name, role: users.role },
        })
        .from(statusHistory)
        .leftJoin(users, eq(users.id, statusHistory.actorId))
        .where(and(eq(statusHistory.workflow, workflow), eq(statusHistory.entityId, entityId)))
        .orderBy(asc(statusHistory.createdAt), asc(statusHistory.id));
      return rows.map(({ entry, actor }) => ({
        id: entry.id,
        action: entry.action,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        remarks: entry.remarks,
        actor: actor?.id ? actor : null,
        createdAt: entry.createdAt.toISOString(),
      }));
    },
  };
}

export type StatusHistoryRepository = ReturnType<typeof statusHistoryRepository>;
