import { asc, and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { StatusHistoryEntry, WorkflowName } from '@trowel/shared/workflow/history.schemas.ts';
import type { Db } from '../db/client.ts';
import { batchedReads } from '../db/batched-reads.ts';
import { preparedStatements } from '../db/prepared.ts';
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
  // One statement for every workflow, prepared once: neither the query builder nor the planner runs per read.
  const prepared = preparedStatements('status_history');

  /** The histories of several objects of one workflow (a page of a list), oldest first, by object. */
  async function forEntities(
    workflow: WorkflowName,
    entityIds: readonly string[],
  ): Promise<Map<string, StatusHistoryEntry[]>> {
    const byEntity = new Map<string, StatusHistoryEntry[]>();
    if (entityIds.length === 0) return byEntity;
    const values = { workflow, ids: `{${entityIds.join(',')}}` };
    const rows = await prepared('for_entities', values, (bind) =>
      db
        .select({
          ...getTableColumns(statusHistory),
          actorName: users.name,
          actorRole: users.role,
        })
        .from(statusHistory)
        .leftJoin(users, eq(users.id, statusHistory.actorId))
        .where(
          and(
            eq(statusHistory.workflow, bind('workflow', workflow) as WorkflowName),
            sql`${statusHistory.entityId} = any(${bind('ids', values.ids)}::uuid[])`,
          ),
        )
        .orderBy(asc(statusHistory.createdAt), asc(statusHistory.id)),
    );
    for (const entry of rows) {
      const list = byEntity.get(entry.entityId) ?? [];
      list.push({
        id: entry.id,
        action: entry.action,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        remarks: entry.remarks,
        // The actor's name and role come when the join found them (a removed person's id is set null).
        actor:
          entry.actorId !== null && entry.actorName !== null && entry.actorRole !== null
            ? { id: entry.actorId, name: entry.actorName, role: entry.actorRole }
            : null,
        createdAt: entry.createdAt.toISOString(),
      });
      byEntity.set(entry.entityId, list);
    }
    return byEntity;
  }

  /** One object's history per workflow, the objects asked for in the same turn read by one statement. */
  const readers = new Map<WorkflowName, (entityId: string) => Promise<StatusHistoryEntry[] | null>>();
  const readerOf = (workflow: WorkflowName) => {
    let read = readers.get(workflow);
    if (!read) {
      read = batchedReads((ids) => forEntities(workflow, ids));
      readers.set(workflow, read);
    }
    return read;
  };

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
      return (await readerOf(workflow)(entityId)) ?? [];
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
