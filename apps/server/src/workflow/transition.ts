import type { Machine } from '@trowel/shared/workflow/machine.ts';
import type { WorkflowName } from '@trowel/shared/workflow/history.schemas.ts';
import type { AuthUser } from '../http/access.ts';
import { AppError, forbidden, notFound } from '../http/app-error.ts';
import type { Invalidation } from '../cache/invalidation-bus.ts';
import type { AppContext, Repositories } from '../context.ts';
import type { StatusHistoryRow } from '../db/schema.ts';
import type { NewNotification } from '../modules/notifications/notifications.repository.ts';
import type { NewStatusHistoryEntry } from './status-history.repository.ts';

export interface TransitionStep<S extends string, A extends string, O, Row extends { status: S }> {
  machine: Machine<S, A, O>;
  workflow: WorkflowName;
  entityId: string;
  action: A;
  /** The workflow's settings the table reads (a review step switched off). */
  options: O;
  remarks?: string | null;
  /** What the refusals name: 'Budget' gives 'Budget not found'. */
  noun: string;
  /** Where the object stands, in words, for a refusal ('waiting for the QS'); the raw status by default. */
  describe?(status: S): string;
  /**
   * Reads the object's row locked for the rest of the transaction (select … for update), or null when
   * it does not exist or the actor may not see it (404).
   */
  lock(repos: Repositories): Promise<Row | null>;
  /**
   * Writes the new status and whatever else the step changes, in the same transaction; it may answer
   * the row as it saved it, which the notifications then read (quantities edited by the step).
   */
  apply(repos: Repositories, row: Row, next: S): Promise<Row | void>;
  /** Who is told, written in the same transaction, from the row as saved (as locked when apply answers none). */
  notifications?(row: Row, next: S): NewNotification[];
  /**
   * The kept data to drop after the commit, one publication for the step: notification pages by
   * default; a wider kind (budgets, projects) drops them too.
   */
  invalidation?(next: S): Invalidation;
}

export interface TransitionResult<S extends string, Row> {
  row: Row;
  from: S;
  to: S;
  /** The history row the step wrote. */
  history: StatusHistoryRow;
}

/**
 * Takes one step of a workflow in one transaction: locks the row, asks the shared table whether the
 * actor's role may take the action from the row's status (403 for a role that never may, 409 for a
 * status it does not start from, so the loser of two concurrent attempts answers 409), writes the new
 * status, a history row and the notifications, and drops kept notification pages after the commit.
 */
export async function runTransition<S extends string, A extends string, O, Row extends { status: S }>(
  ctx: AppContext,
  actor: Pick<AuthUser, 'id' | 'role'>,
  step: TransitionStep<S, A, O, Row>,
): Promise<TransitionResult<S, Row>> {
  const result = await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx as never);
    const row = await step.lock(repos);
    if (!row) throw notFound(step.noun);
    const next = nextStatus(step, actor, row);
    const saved = (await step.apply(repos, row, next)) ?? row;
    const history = await repos.statusHistory.record(historyEntry(step, actor, row.status, next));
    for (const notification of told(step, actor, saved, next)) {
      await repos.notifications.create(notification);
    }
    return { row, from: row.status, to: next, history };
  });
  await ctx.invalidate(invalidationOf(step, result.to));
  return result;
}

/**
 * Where the step leads from the row's status, by the shared table: 403 for a role that never may,
 * 409 for a status it does not start from.
 */
export function nextStatus<S extends string, A extends string, O, Row extends { status: S }>(
  step: TransitionStep<S, A, O, Row>,
  actor: Pick<AuthUser, 'role'>,
  row: Row,
): S {
  const check = step.machine.check(row.status, step.action, actor.role, step.options);
  if (check.allowed) return check.next;
  if (check.refusal === 'role') throw forbidden();
  const where = step.describe?.(row.status) ?? row.status;
  throw new AppError('INVALID_STATE', `${step.noun} cannot be changed this way while it is ${where}`);
}

/** The history row of the step. */
export const historyEntry = <S extends string, A extends string, O, Row extends { status: S }>(
  step: TransitionStep<S, A, O, Row>,
  actor: Pick<AuthUser, 'id'>,
  from: S,
  to: S,
): NewStatusHistoryEntry => ({
  workflow: step.workflow,
  entityId: step.entityId,
  action: step.action,
  fromStatus: from,
  toStatus: to,
  actorId: actor.id,
  remarks: step.remarks ?? null,
});

/** Who is told of the step: never the person who took it. */
export const told = <S extends string, A extends string, O, Row extends { status: S }>(
  step: TransitionStep<S, A, O, Row>,
  actor: Pick<AuthUser, 'id'>,
  row: Row,
  next: S,
): NewNotification[] =>
  (step.notifications?.(row, next) ?? []).map((notification) => ({
    excludeUserId: actor.id,
    ...notification,
  }));

export const invalidationOf = <S extends string, A extends string, O, Row extends { status: S }>(
  step: TransitionStep<S, A, O, Row>,
  next: S,
): Invalidation => step.invalidation?.(next) ?? { kind: 'notifications' };

/** True when an object-level check refuses the actor for who they are (403), not for the state. */
export function refusedByRelation(check: { allowed: boolean; refusal?: 'role' | 'state' }): boolean {
  return !check.allowed && check.refusal === 'role';
}
