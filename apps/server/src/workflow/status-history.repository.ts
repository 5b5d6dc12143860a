import { asc, and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/**
 * Strictly after the object's last row, so several rows of one transaction keep their order; the
 * workflow and the object's id as SQL expressions.
 */
export const createdAfterLast = (workflow: SQL, entityId: SQL) =>
  sql`greatest(clock_timestamp(), (select max(h.created_at) + interval '1 millisecond' from status_history h where h.workflow = ${workflow} and h.entity_id = ${entityId}))`;

/** Every transition of every workflow object, in one table keyed by workflow and object. */
export function statusHistoryRepository(db: Db) {
  /** The histories of several objects of one workflow (a page of a list), oldest first, by object. */
  async function forEntities(
    workflow: WorkflowName,
    entityIds: readonly string[],
  ): Promise<Map<string, StatusHistoryEntry[]>> {
    const byEntity = new Map<string, StatusHistoryEntry[]>();
    if (entityIds.length === 0) return byEntity;
    const rows = await db
      .select({
        entry: statusHistory,
        actor: { id: users.id, name: users.name, role: users.role },
      })
      .from(statusHistory)
      .leftJoin(users, eq(users.id, statusHistory.actorId))
      .where(and(eq(statusHistory.workflow, workflow), inArray(statusHistory.entityId, [...entityIds])))
      .orderBy(asc(statusHistory.createdAt), asc(statusHistory.id));
    for (const { entry, actor } of rows) {
      const list = byEntity.get(entry.entityId) ?? [];
      list.push({
        id: entry.id,
        action: entry.action,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        remarks: entry.remarks,
        actor: actor?.id ? actor : null,
        createdAt: entry.createdAt.toISOString(),
      });
      byEntity.set(entry.entityId, list);
    }
    return byEntity;
  }
  return {
    forEntities,
    /** Writes one history row; answers it as written. */
    async record(entry: NewStatusHistoryEntry) {
      const [row] = await db
        .insert(statusHistory)
        .values({
          ...entry,
          remarks: entry.remarks ?? null,
          createdAt: createdAfterLast(sql`${entry.workflow}`, sql`${entry.entityId}::uuid`),
        })
        .returning();
      return row!;
    },

    /** An object's history, oldest first, with who took each step. */
    async forEntity(workflow: WorkflowName, entityId: string): Promise<StatusHistoryEntry[]> {
      return (await forEntities(workflow, [entityId])).get(entityId) ?? [];
    },

    /** Removes an object's history with the object itself (a deleted draft). */
    async removeFor(workflow: WorkflowName, entityId: string) {
      await db
        .delete(statusHistory)
        .where(and(eq(statusHistory.workflow, workflow), eq(statusHistory.entityId, entityId)));
    },
  };
}

export type StatusHistoryRepository = ReturnType<typeof statusHistoryRepository>;
