import type { PlatformContext as AppContext } from '../platform.ts';
import { notFound } from '../http/app-error.ts';
import type { StepOnRow } from './compare-and-set.repository.ts';
import { decide, historyOf, staleAfter, toldBy, type CompareAndSet, type Step } from './step.ts';
import { published, type Taken } from './workflow-transaction.ts';

/** What a compare-and-set step answers: what its UPDATE returned, keyed by column name (null when locked instead). */
export interface SetTaken<S extends string, Row, Saved> extends Taken<S, Row, Saved> {
  changed: Record<string, unknown> | null;
}

/** Reads before the step is taken on a locked row instead (the row keeps changing under the reads). */
const READ_ATTEMPTS = 3;

/**
 * Takes a step in one statement: the row is read, the machine decides (403, 409), and one statement
 * changes the row if it is still as read, with its history row and its notifications, in the
 * statement's own transaction; the invalidation is published and the worker woken after it commits.
 * The row's lock is taken by the UPDATE, so the loser of two concurrent steps finds the row changed,
 * reads it again and answers 409. Two round trips instead of seven, which is what many concurrent
 * reviews of a busy chain wait on; the steps decided together on one table are written by one
 * statement. A row that changed under three reads is stepped under its lock (`locked`).
 *
 * A step waits for the one being taken on the same row in this process: it would otherwise wait for
 * the same row lock, only to find the row changed and read it again. When it came before the earlier
 * one's change was sent and the earlier one was taken, it is decided on the row as the earlier one
 * left it, and refused without reading the row again if it cannot follow (two concurrent approvals:
 * the second answers 409); a step that may follow, or that came after the change was sent, reads the row.
 */
export async function compareAndSet<S extends string, A extends string, O, Row extends { status: S }, Saved>(
  ctx: AppContext,
  step: Step<S, A, O, Row, Saved>,
  guard: CompareAndSet<S, Row>,
  locked: () => Promise<Taken<S, Row, Saved>>,
): Promise<SetTaken<S, Row, Saved>> {
  const onRows = ctx.compareAndSet.onRows;
  const key = `${step.machine.name} ${step.id}`;
  const earlier = onRows.get(key);
  const onEarlier = earlier !== undefined && !earlier.sent();
  let sent = false;
  let refusedOn: SetTaken<S, Row, Saved> | null = null;
  const taking = (earlier?.taken ?? Promise.resolve(null)).then((taken) => {
    const before = taken as SetTaken<S, Row, Saved> | null;
    if (onEarlier && before) {
      refusedOn = before;
      decide(step, guard.check({ ...(before.row as Row & { version: string }), status: before.to }));
      refusedOn = null;
    }
    return attempt(ctx, step, guard, locked, () => (sent = true));
  });
  const current: StepOnRow = {
    sent: () => sent || (onEarlier && earlier.sent()),
    taken: taking.then(
      (result) => result,
      () => refusedOn,
    ),
  };
  onRows.set(key, current);
  try {
    return await taking;
  } finally {
    if (onRows.get(key) === current) onRows.delete(key);
  }
}

async function attempt<S extends string, A extends string, O, Row extends { status: S }, Saved>(
  ctx: AppContext,
  step: Step<S, A, O, Row, Saved>,
  guard: CompareAndSet<S, Row>,
  locked: () => Promise<Taken<S, Row, Saved>>,
  /** Called as the change is about to be sent. */
  writing: () => void,
): Promise<SetTaken<S, Row, Saved>> {
  for (let read = 0; read < READ_ATTEMPTS; read++) {
    const row = await guard.read(ctx);
    if (!row) throw notFound(step.noun);
    const next = decide(step, row);
    // Nothing was applied: what the notifications and remarks read is the row as read.
    const applied = { row, saved: undefined as Saved, next, repos: ctx as AppContext };
    const notifications = toldBy(step.actor, (await step.notify?.(applied)) ?? []);
    writing();
    const written = await ctx.compareAndSet.write({
      table: guard.table,
      version: row.version,
      fields: guard.fields?.(row, next),
      history: historyOf(step, applied),
      notifications,
    });
    // Changed since it was read: read it again, and decide on what it is now.
    if (!written) continue;
    await published(ctx, [staleAfter(step, next)], notifications.length > 0);
    return { row, saved: undefined as Saved, from: row.status, to: next, ...written };
  }
  return { ...(await locked()), changed: null };
}
