import type { Machine } from '@trowel/shared/workflow/machine.ts';
import type { RecordEvent, WorkflowName } from '@trowel/shared/workflow/history.schemas.ts';
import type { Invalidation } from '../cache/invalidation-bus.ts';
import type { Repositories } from '../platform.ts';
import type { AuthUser } from '../http/access.ts';
import { AppError, forbidden } from '../http/app-error.ts';
import type { NewNotification } from '../notices/notices.repository.ts';
import type { GuardedTable } from './compare-and-set.repository.ts';
import type { NewStatusHistoryEntry } from './status-history.repository.ts';

/** Who takes a step. */
export type WorkflowActor = Pick<AuthUser, 'id' | 'role'>;

/** A shared machine whose name is a workflow's: its history rows are filed under that name. */
export type WorkflowMachine<S extends string, A extends string, O> = Machine<S, A, O, WorkflowName>;

/** A step once its row changed: the row as locked, what `apply` answered, the status it leads to. */
export interface Applied<S extends string, Row, Saved> {
  row: Row;
  saved: Saved;
  next: S;
  /** The repositories of the step's transaction (the database's, for a compare-and-set step). */
  repos: Repositories;
}

/**
 * One step of a workflow: the machine, the row, the action and the caller, and how this workflow's
 * row is locked and written. The engine decides (403 role, then 409 state, from the machine),
 * applies, writes the history row and the notifications, drops kept data once and wakes the worker.
 */
export interface Step<S extends string, A extends string, O, Row extends { status: S }, Saved = void> {
  machine: WorkflowMachine<S, A, O>;
  /** The row's id: the history's entity. */
  id: string;
  action: A;
  actor: WorkflowActor;
  /** The workflow's settings the machine reads (a review step switched off), or them from the row. */
  options?: O | ((row: Row) => O);
  /** What the refusals name: 'Budget' gives 'Budget not found'. */
  noun: string;
  /** Where the object stands, in words, for a refusal ('waiting for the QS'); the raw status by default. */
  describe?(status: S): string;
  /** The whole 409 in this workflow's words, when the default sentence does not fit. */
  refusal?(status: S): string;
  /** The history row's remarks, or a function of the step once applied (a number given by the insert). */
  remarks?: string | null | ((applied: Applied<S, Row, Saved>) => string | null);
  /**
   * The row locked for the rest of the transaction (select … for update), or null when it does not
   * exist or the actor may not see it (404). A refusal by who the actor is (not their role) is thrown here.
   */
  lock(repos: Repositories): Promise<Row | null>;
  /** Writes the new status and whatever else the step changes; answers what the notifications read. */
  apply(repos: Repositories, row: Row, next: S): Promise<Saved>;
  /** Who is told (never the actor), written in the step's transaction. */
  notify?(applied: Applied<S, Row, Saved>): readonly NewNotification[] | Promise<readonly NewNotification[]>;
  /** The kept data the step makes stale (it may depend on where it leads): notification pages by default. */
  invalidates?: Invalidation | ((next: S) => Invalidation);
  /** Take the step as one compare-and-set statement instead of under a lock (steps that come in bursts). */
  compareAndSet?: CompareAndSet<S, Row>;
}

/**
 * A step taken as one statement on a row unchanged since it was read (its version is PostgreSQL's
 * `xmin`), for workflows whose steps come in bursts; `lock` and `apply` remain for a row that keeps
 * changing under the reads.
 */
export interface CompareAndSet<S extends string, Row extends { status: S }> {
  /** The row without a lock, with its version and the same object-level checks as `lock` (null for 404). */
  read(repos: Repositories): Promise<(Row & { version: string }) | null>;
  /** The row's table: its UPDATE takes the step only while the row is still at the version read. */
  table: GuardedTable;
  /** The object-level checks of `read` (404, 403) on a row already read; answers the row. */
  check(row: Row & { version: string }): Row & { version: string };
  /** The step's values beside the new status, as the table's UPDATE reads them. */
  fields?(row: Row, next: S): Record<string, unknown>;
}

/** A workflow object's first history row, written with the row that creates it. */
export interface Creation<S extends string> {
  machine: WorkflowMachine<S, string, never>;
  id: string;
  /** The status it starts in. */
  status: S;
  actor: WorkflowActor;
  remarks?: string | null;
  notify?: readonly NewNotification[];
  invalidates?: Invalidation;
}

/** A change that keeps the object's status (an edit, documents added or removed), as a history row. */
export interface Recorded<S extends string> {
  machine: WorkflowMachine<S, string, never>;
  id: string;
  event: Exclude<RecordEvent, 'create'>;
  /** The status it stays in. */
  status: S;
  actor: WorkflowActor;
  remarks?: string | null;
  invalidates?: Invalidation;
}

/**
 * Where the step leads from the row's status, by the shared machine: 403 for a role that never
 * takes the action, 409 for a status it does not start from.
 */
export function decide<S extends string, A extends string, O, Row extends { status: S }, Saved>(
  step: Step<S, A, O, Row, Saved>,
  row: Row,
): S {
  const { status } = row;
  const options = typeof step.options === 'function' ? (step.options as (row: Row) => O)(row) : step.options;
  const check = step.machine.check(status, step.action, step.actor.role, options as O);
  if (check.allowed) return check.next;
  if (check.refusal === 'role') throw forbidden();
  throw new AppError(
    'INVALID_STATE',
    step.refusal?.(status) ??
      `${step.noun} cannot be changed this way while it is ${step.describe?.(status) ?? status}`,
  );
}

/** 403 before anything is read when the actor's role never takes the action (the route's check). */
export function assertMayTake<A extends string>(
  machine: Machine<string, A, never>,
  action: A,
  actor: Pick<AuthUser, 'role'>,
) {
  if (!machine.mayTake(actor.role, action)) throw forbidden();
}

/** True when an object-level check refuses the actor for who they are (403), not for the state. */
export function refusedByRelation(check: { allowed: boolean; refusal?: 'role' | 'state' }): boolean {
  return !check.allowed && check.refusal === 'role';
}

/** Who is told of a step: never the person who took it. */
export const toldBy = (
  actor: Pick<AuthUser, 'id'>,
  notifications: readonly NewNotification[],
): NewNotification[] => notifications.map((notification) => ({ excludeUserId: actor.id, ...notification }));

/** The history row of a step once applied. */
export function historyOf<S extends string, A extends string, O, Row extends { status: S }, Saved>(
  step: Step<S, A, O, Row, Saved>,
  applied: Applied<S, Row, Saved> & { row: { status: S } },
): NewStatusHistoryEntry {
  return {
    workflow: step.machine.name,
    entityId: step.id,
    action: step.action,
    fromStatus: applied.row.status,
    toStatus: applied.next,
    actorId: step.actor.id,
    remarks: remarksOf(step, applied),
  };
}

/** The history remarks of a step once applied. */
export function remarksOf<S extends string, A extends string, O, Row extends { status: S }, Saved>(
  step: Step<S, A, O, Row, Saved>,
  applied: Applied<S, Row, Saved>,
): string | null {
  return (typeof step.remarks === 'function' ? step.remarks(applied) : step.remarks) ?? null;
}

/** What a step makes stale, dropped once after it commits: notification pages unless a wider kind is named. */
export function staleAfter<S extends string, A extends string, O, Row extends { status: S }, Saved>(
  step: Step<S, A, O, Row, Saved>,
  next: S,
): Invalidation {
  const named = typeof step.invalidates === 'function' ? step.invalidates(next) : step.invalidates;
  return named ?? { kind: 'notifications' };
}
