import type { AuthUser } from '../http/access.ts';
import { notFound } from '../http/app-error.ts';
import type { AppContext, Repositories } from '../context.ts';
import type { GuardedTable } from './guarded-step.repository.ts';
import {
  historyEntry,
  invalidationOf,
  nextStatus,
  runTransition,
  told,
  type TransitionResult,
  type TransitionStep,
} from './transition.ts';

/** A row a guarded step is taken on: its status and its version (PostgreSQL's `xmin`) as read. */
export interface VersionedRow<S extends string> {
  status: S;
  version: string;
}

export interface GuardedTransitionStep<
  S extends string,
  A extends string,
  O,
  Row extends VersionedRow<S>,
> extends TransitionStep<S, A, O, Row> {
  /** Reads the row without a lock, with its version and the same object-level checks as `lock` (null for 404). */
  read(repos: Repositories): Promise<Row | null>;
  /** The row's table: its UPDATE takes the step only while the row is still at the version read. */
  table: GuardedTable;
  /** The step's values beside the new status, as the table's UPDATE reads them. */
  fields?(row: Row, next: S): Record<string, unknown>;
  /** The object-level checks of `read` (404, 403) on a row already read; answers the row. */
  check(row: Row): Row;
}

export interface GuardedTransitionResult<S extends string, Row> extends TransitionResult<S, Row> {
  /** What the table's UPDATE returned, keyed by column name; null when the step was taken on a locked row instead. */
  changed: Record<string, unknown> | null;
}

/** Reads before the step is taken on a locked row instead (the row keeps changing under the reads). */
const READ_ATTEMPTS = 3;

/**
 * Takes one step of a workflow as `runTransition` does, in one statement: the row is read, the
 * shared table decides (403, 409), and one statement changes the row if it is still as read, with
 * its history row and its notifications, all in the statement's own transaction; the other
 * processes are told after it commits. The row's lock is taken by the UPDATE, so the loser of two
 * concurrent steps finds the row changed, reads it again and answers 409. Two round trips instead of
 * seven, which is what many concurrent reviews of a busy chain wait on; the steps decided together
 * on one table are written by one statement (`ctx.guardedSteps`).
 */
export async function runGuardedTransition<
  S extends string,
  A extends string,
  O,
  Row extends VersionedRow<S>,
>(
  ctx: AppContext,
  actor: Pick<AuthUser, 'id' | 'role'>,
  step: GuardedTransitionStep<S, A, O, Row>,
): Promise<GuardedTransitionResult<S, Row>> {
  const key = `${step.workflow} ${step.entityId}`;
  let steps = stepsOnRows.get(ctx.guardedSteps);
  if (!steps) stepsOnRows.set(ctx.guardedSteps, (steps = new Map()));
  const earlier = steps.get(key);
  // Only a step that came before the earlier one's change was sent may be decided on what it left.
  const onEarlier = earlier !== undefined && !earlier.sent();
  let sent = false;
  let refusedOn: GuardedTransitionResult<S, Row> | null = null;
  const taking = (earlier?.taken ?? Promise.resolve(null)).then((taken) => {
    const before = taken as GuardedTransitionResult<S, Row> | null;
    if (onEarlier && before) {
      refusedOn = before;
      nextStatus(step, actor, step.check({ ...before.row, status: before.to }));
      refusedOn = null;
    }
    return takeStep(ctx, actor, step, () => (sent = true));
  });
  const current: StepOnRow = {
    sent: () => sent || (onEarlier && earlier.sent()),
    taken: taking.then(
      (result) => result,
      () => refusedOn,
    ),
  };
  steps.set(key, current);
  try {
    return await taking;
  } finally {
    if (steps.get(key) === current) steps.delete(key);
  }
}

/**
 * A step being taken on a row. `sent`: whether its change has been sent, or that of the earlier step
 * it is decided on. `taken`: what it took; when it was refused on what the earlier step took, that;
 * else null.
 */
interface StepOnRow {
  sent(): boolean;
  taken: Promise<GuardedTransitionResult<string, unknown> | null>;
}

/**
 * The step being taken on each row in this process (per database handle: a test runs several servers
 * in one process). A later step on the same row waits for it: it would otherwise wait for the same
 * row lock, only to find the row changed and read it again. When the later step came before the
 * earlier one's change was sent and the earlier one was taken, the later step is decided on the row
 * as the earlier one left it, and refused without reading the row again if it cannot follow (two
 * concurrent approvals: the second answers 409). The earlier step committed while the later one was
 * waiting, so the later one is answered as if it came right after it; a step that may follow, or that
 * came after the change was sent, reads the row.
 */
const stepsOnRows = new WeakMap<object, Map<string, StepOnRow>>();

async function takeStep<S extends string, A extends string, O, Row extends VersionedRow<S>>(
  ctx: AppContext,
  actor: Pick<AuthUser, 'id' | 'role'>,
  step: GuardedTransitionStep<S, A, O, Row>,
  /** Called as the change is about to be sent. */
  writing: () => void,
): Promise<GuardedTransitionResult<S, Row>> {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const row = await step.read(ctx);
    if (!row) throw notFound(step.noun);
    const next = nextStatus(step, actor, row);
    writing();
    const written = await ctx.guardedSteps.write({
      table: step.table,
      version: row.version,
      fields: step.fields?.(row, next),
      history: historyEntry(step, actor, row.status, next),
      notifications: told(step, actor, row, next),
    });
    // Changed since it was read: read it again, and decide on what it is now.
    if (!written) continue;
    await ctx.invalidate(invalidationOf(step, next));
    return { row, from: row.status, to: next, ...written };
  }
  return { ...(await runTransition(ctx, actor, step)), changed: null };
}
