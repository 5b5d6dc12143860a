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
  let stepsTaking = stepsTakingIn.get(ctx.guardedSteps);
  if (!stepsTaking) stepsTakingIn.set(ctx.guardedSteps, (stepsTaking = new Map()));
  const taking = (stepsTaking.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => takeStep(ctx, actor, step));
  stepsTaking.set(key, taking);
  try {
    return await taking;
  } finally {
    if (stepsTaking.get(key) === taking) stepsTaking.delete(key);
  }
}

/**
 * The step being taken on each row in this process (per database handle: a test runs several servers
 * in one process). A second step on the same row waits for it and then reads the row as that one left
 * it: it would otherwise wait for the same row lock, only to find the row changed and read it again
 * (two concurrent approvals: the second answers 409 either way).
 */
const stepsTakingIn = new WeakMap<object, Map<string, Promise<unknown>>>();

async function takeStep<S extends string, A extends string, O, Row extends VersionedRow<S>>(
  ctx: AppContext,
  actor: Pick<AuthUser, 'id' | 'role'>,
  step: GuardedTransitionStep<S, A, O, Row>,
): Promise<GuardedTransitionResult<S, Row>> {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const row = await step.read(ctx);
    if (!row) throw notFound(step.noun);
    const next = nextStatus(step, actor, row);
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
