import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsFromJson } from '../db/json-rows.ts';
import { executePrepared } from '../db/prepared.ts';
import { statusHistory, type StatusHistoryRow } from '../db/schema.ts';
import {
  notificationWrites,
  type NewNotification,
} from '../modules/notifications/notifications.repository.ts';
import { historyWrite, type NewStatusHistoryEntry } from './status-history.repository.ts';

/** The UPDATE of a guarded step: changes the row only while it is at the version read, returning columns. */
export type GuardedChange = SQL;

export interface GuardedStepWrites {
  change: GuardedChange;
  history: NewStatusHistoryEntry;
  notifications: readonly NewNotification[];
}

/**
 * Writes a step in one statement, its own transaction: the change, and only when it changed the row,
 * the history row and the notifications. Answers what the change returned (keyed by
 * column name) and the history row, or null when the row had changed since it was read.
 */
export async function writeGuardedStep(
  db: Db,
  writes: GuardedStepWrites,
): Promise<{ changed: Record<string, unknown>; history: StatusHistoryRow } | null> {
  const parts = [
    sql`with changed as (${writes.change}), history as (${historyWrite(writes.history, 'changed')})`,
    ...writes.notifications.map(
      (notification, index) => sql`, ${notificationWrites(notification, `told_${index}`, 'changed')}`,
    ),
    sql` select (select to_json(c) from changed c) as changed, (select to_json(h) from history h) as history`,
  ];
  const [written] = await executePrepared<{
    changed: Record<string, unknown> | null;
    history: Record<string, unknown> | null;
  }>(db, sql.join(parts, sql``));
  if (!written?.changed || !written.history) return null;
  const [history] = rowsFromJson(statusHistory, [written.history]);
  return { changed: written.changed, history: history! };
}
