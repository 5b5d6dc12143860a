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
  /** The NOTIFY that tells the other processes, sent at commit; null with none to tell. */
  notice: { channel: string; payload: string } | null;
}

/**
 * Writes a step in one statement, its own transaction: the change, and only when it changed the row,
 * the history row, the notifications and the notice. Answers what the change returned (keyed by
 * column name) and the history row, or null when the row had changed since it was read.
 */
export async function writeGuardedStep(
  db: Db,
  writes: GuardedStepWrites,
): Promise<{ changed: Record<string, unknown>; history: StatusHistoryRow } | null> {
  const { notice } = writes;
  const parts = [
    sql`with changed as (${writes.change}), history as (${historyWrite(writes.history, 'changed')})`,
    ...writes.notifications.map(
      (notification, index) => sql`, ${notificationWrites(notification, `told_${index}`, 'changed')}`,
    ),
    notice
      ? sql`, published as (select pg_notify(${notice.channel}, ${notice.payload}) from changed)`
      : sql``,
    sql` select (select to_json(c) from changed c) as changed, (select to_json(h) from history h) as history`,
    notice ? sql`, (select count(*) from published) as published` : sql``,
  ];
  const [written] = await executePrepared<{
    changed: Record<string, unknown> | null;
    history: Record<string, unknown> | null;
  }>(db, sql.join(parts, sql``));
  if (!written?.changed || !written.history) return null;
  const [history] = rowsFromJson(statusHistory, [written.history]);
  return { changed: written.changed, history: history! };
}
