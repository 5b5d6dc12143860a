import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsFromJson } from '../db/json-rows.ts';
import { executePrepared } from '../db/prepared.ts';
import { statusHistory, type StatusHistoryRow } from '../db/schema.ts';
import { batchedByTurn, type Outcome } from '../db/turn-batch.ts';
import { noticeRow, noticeWrites, type NewNotification } from '../notices/notices.repository.ts';
import { createdAfterLast, type NewStatusHistoryEntry } from './status-history.repository.ts';

/** A table whose rows guarded steps change, and how one statement changes the rows of many steps. */
export interface GuardedTable {
  /** Steps on the same table are written together; the name tells the tables apart. */
  name: string;
  /**
   * The UPDATE of the rows of the steps in `steps` (columns `id` uuid, `version` xid, `to_status`
   * text and `fields` jsonb, the step's other values), each row changed only while its version is
   * still `version`, returning `id` and whatever the caller needs of the changed rows.
   */
  update(steps: SQL): SQL;
}

export interface GuardedStepWrite {
  table: GuardedTable;
  /** The version of the row (PostgreSQL's `xmin`) when the step was decided. */
  version: string;
  /** The step's other values, read by the table's UPDATE from `fields`. */
  fields?: Record<string, unknown>;
  history: NewStatusHistoryEntry;
  notifications: readonly NewNotification[];
}

export interface GuardedStepWritten {
  /** What the UPDATE returned for the row, keyed by column name. */
  changed: Record<string, unknown>;
  history: StatusHistoryRow;
}

/**
 * The statement of a batch of steps on one table, its own transaction: the changes, and for each row
 * that changed (and only those) its history row and its notifications. One text for any number of
 * steps, so it is planned once per connection.
 */
async function writeTogether(
  db: Db,
  table: GuardedTable,
  writes: readonly GuardedStepWrite[],
): Promise<Map<string, GuardedStepWritten>> {
  const steps = writes.map((write) => ({
    id: write.history.entityId,
    version: write.version,
    workflow: write.history.workflow,
    action: write.history.action,
    from_status: write.history.fromStatus,
    to_status: write.history.toStatus,
    actor_id: write.history.actorId,
    remarks: write.history.remarks ?? null,
    fields: write.fields ?? {},
  }));
  const notices = writes.flatMap((write) =>
    write.notifications.map((notification) => noticeRow(notification, write.history.entityId)),
  );
  // The changed rows and their history rows come as one list and are paired by id here: PostgreSQL
  // plans each data-modifying CTE as one row, so a join of the two was a nested loop that compared
  // every row with every other (for a burst of 100 steps, 5 of the statement's 30 ms).
  const rows = await executePrepared<{
    id: string;
    changed: Record<string, unknown> | null;
    history: Record<string, unknown> | null;
  }>(
    db,
    sql`with steps as (
        select * from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) as s(id uuid, version xid,
          workflow text, action text, from_status text, to_status text, actor_id uuid, remarks text, fields jsonb)
      ),
      changed as (${table.update(sql.raw('steps'))}),
      history as (
        insert into status_history (workflow, entity_id, action, from_status, to_status, actor_id, remarks, created_at)
        select s.workflow, s.id, s.action, s.from_status, s.to_status, s.actor_id, s.remarks,
          ${createdAfterLast(sql.raw('s.workflow'), sql.raw('s.id'))}
        from steps s where s.id in (select id from changed)
        returning *
      ),
      ${noticeWrites(notices, 'changed')}
      select c.id::text as id, to_json(c) as changed, null::json as history from changed c
      union all
      select h.entity_id::text, null, to_json(h) from history h`,
  );
  const changed = new Map<string, Record<string, unknown>>();
  for (const row of rows) if (row.changed) changed.set(row.id, row.changed);
  const written = new Map<string, GuardedStepWritten>();
  for (const row of rows) {
    if (!row.history) continue;
    const [history] = rowsFromJson(statusHistory, [row.history]);
    written.set(row.id, { changed: changed.get(row.id)!, history: history! });
  }
  return written;
}

/** Each write alone, so that one failing write fails only itself. */
const writeEachAlone = (db: Db, table: GuardedTable, writes: readonly GuardedStepWrite[]) =>
  Promise.all(
    writes.map(async (write): Promise<Outcome<GuardedStepWritten | null>> => {
      try {
        const written = await writeTogether(db, table, [write]);
        return { value: written.get(write.history.entityId) ?? null };
      } catch (error) {
        return { error };
      }
    }),
  );

/**
 * Writes the steps of one batch, at most one per row: a second step on a row (its caller saw the row
 * before the first was written) goes in a statement after the first, and finds the row changed.
 * When the statement fails, each step is written alone, so a failure stays with its own step.
 */
async function writeBatch(
  db: Db,
  table: GuardedTable,
  writes: readonly GuardedStepWrite[],
): Promise<Array<Outcome<GuardedStepWritten | null>>> {
  const seen = new Set<string>();
  const first: number[] = [];
  const later: number[] = [];
  writes.forEach((write, index) => {
    const id = write.history.entityId;
    (seen.has(id) ? later : first).push(index);
    seen.add(id);
  });
  const outcomes: Array<Outcome<GuardedStepWritten | null>> = [];
  const batch = first.map((index) => writes[index]!);
  try {
    const written = await writeTogether(db, table, batch);
    first.forEach((index, at) => {
      outcomes[index] = { value: written.get(batch[at]!.history.entityId) ?? null };
    });
  } catch (error) {
    const alone = batch.length > 1 ? await writeEachAlone(db, table, batch) : [{ error }];
    first.forEach((index, at) => (outcomes[index] = alone[at]!));
  }
  if (later.length > 0) {
    const rest = await writeBatch(
      db,
      table,
      later.map((index) => writes[index]!),
    );
    later.forEach((index, at) => (outcomes[index] = rest[at]!));
  }
  return outcomes;
}

/**
 * A step being taken on a row (see `compare-and-set.ts`). `sent`: whether its change has been sent,
 * or that of the earlier step it is decided on. `taken`: what it took; when it was refused on what
 * the earlier step took, that; else null.
 */
export interface StepOnRow {
  sent(): boolean;
  taken: Promise<unknown>;
}

/**
 * Writes compare-and-set steps (see `compare-and-set.ts`). The steps on one table decided in the same
 * turn of the event loop are written by one statement and commit together, each row changed only if
 * it is still at the version its step was decided on, with its own history row and notifications; a
 * burst of reviews then costs one statement and one commit instead of one per review. It also keeps
 * the step being taken on each row on this database handle, which a later step on that row waits for.
 */
export function compareAndSetRepository(db: Db) {
  const writers = new Map<string, (write: GuardedStepWrite) => Promise<GuardedStepWritten | null>>();
  return {
    /** The step being taken on each row (`workflow id`) in this process. */
    onRows: new Map<string, StepOnRow>(),

    /** Writes the step; answers what it wrote, or null when the row changed since it was read. */
    write(write: GuardedStepWrite): Promise<GuardedStepWritten | null> {
      let writer = writers.get(write.table.name);
      if (!writer) {
        const table = write.table;
        writer = batchedByTurn((writes) => writeBatch(db, table, writes));
        writers.set(table.name, writer);
      }
      return writer(write);
    },
  };
}

export type CompareAndSetRepository = ReturnType<typeof compareAndSetRepository>;
