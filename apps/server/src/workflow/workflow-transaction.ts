import { covering, type Invalidation } from '../cache/invalidation-bus.ts';
import type { PlatformContext as AppContext, Repositories } from '../platform.ts';
import type { StatusHistoryRow } from '../db/schema.ts';
import { notFound } from '../http/app-error.ts';
import type { NewNotification } from '../notices/notices.repository.ts';
import {
  decide,
  historyOf,
  staleAfter,
  toldBy,
  type Creation,
  type Recorded,
  type Step,
  type WorkflowActor,
  type WorkflowMachine,
} from './step.ts';
import type { NewStatusHistoryEntry } from './status-history.repository.ts';
import { reactsTo, type TakenStep, type WorkflowReaction } from './reaction.ts';

/** A reaction to the steps of one machine, typed by it. */
export const reactionTo = <S extends string, A extends string, O>(
  machine: WorkflowMachine<S, A, O>,
  react: (tx: WorkflowTransaction, taken: TakenStep<S, A>) => Promise<void>,
  options: { last?: boolean; actions?: readonly A[] } = {},
): WorkflowReaction => ({
  workflow: machine.name,
  ...options,
  react: (tx, taken) => react(tx as WorkflowTransaction, taken as TakenStep<S, A>),
});

/** What a step answers: the row as locked, what `apply` answered, where it went, its history row. */
export interface Taken<S extends string, Row, Saved> {
  row: Row;
  saved: Saved;
  from: S;
  to: S;
  history: StatusHistoryRow;
}

const NOTIFICATIONS: Invalidation = { kind: 'notifications' };

/**
 * One transaction of workflow changes: steps, creations and records, each with its history row and
 * its notifications. What they make stale is published once after the commit, and the job worker
 * woken when notifications (and their emails) were written: see `inWorkflow`.
 */
export class WorkflowTransaction {
  private readonly stale: Invalidation[] = [];
  private woken = false;

  constructor(
    /** The repositories bound to the transaction. */
    readonly repos: Repositories,
    private readonly reactions: readonly WorkflowReaction[],
  ) {}

  /** Locks the row, asks the machine (403, 409), applies, reacts, writes the history row and who is told. */
  async step<S extends string, A extends string, O, Row extends { status: S }, Saved>(
    step: Step<S, A, O, Row, Saved>,
  ): Promise<Taken<S, Row, Saved>> {
    const row = await step.lock(this.repos);
    if (!row) throw notFound(step.noun);
    const next = decide(step, row);
    const saved = await step.apply(this.repos, row, next);
    const applied = { row, saved, next, repos: this.repos };
    const taken = { id: step.id, action: step.action, from: row.status, to: next, actor: step.actor };
    const reactions = this.reactions.filter((reaction) => reactsTo(reaction, step.machine.name, step.action));
    for (const reaction of [...reactions.filter((r) => !r.last), ...reactions.filter((r) => r.last)]) {
      await reaction.react(this, taken);
    }
    const history = await this.write(historyOf(step, applied));
    await this.notify(step.actor, (await step.notify?.(applied)) ?? []);
    this.invalidate(staleAfter(step, next));
    return { row, saved, from: row.status, to: next, history };
  }

  /** The first history row of an object written in this transaction, and who is told of it. */
  async create<S extends string>(creation: Creation<S>): Promise<StatusHistoryRow> {
    const history = await this.write({
      workflow: creation.machine.name,
      entityId: creation.id,
      action: 'create',
      fromStatus: null,
      toStatus: known(creation.machine, creation.status),
      actorId: creation.actor.id,
      remarks: creation.remarks ?? null,
    });
    await this.notify(creation.actor, creation.notify ?? []);
    this.invalidate(creation.invalidates ?? NOTIFICATIONS);
    return history;
  }

  /** The history row of a change that keeps the object's status. */
  async record<S extends string>(record: Recorded<S>): Promise<StatusHistoryRow> {
    const status = known(record.machine, record.status);
    const history = await this.write({
      workflow: record.machine.name,
      entityId: record.id,
      action: record.event,
      fromStatus: status,
      toStatus: status,
      actorId: record.actor.id,
      remarks: record.remarks ?? null,
    });
    this.invalidate(record.invalidates ?? NOTIFICATIONS);
    return history;
  }

  /** Removes an object's history with the object itself (a deleted draft). */
  async forget<S extends string>(
    machine: WorkflowMachine<S, string, never>,
    id: string,
    stale: Invalidation,
  ) {
    await this.repos.statusHistory.removeFor(machine.name, id);
    this.invalidate(stale);
  }

  /** Notifications that go with a change of this transaction (never to the actor). */
  async notify(actor: WorkflowActor, notifications: readonly NewNotification[]) {
    for (const notification of toldBy(actor, notifications)) {
      await this.repos.notifications.create(notification);
      this.woken = true;
    }
  }

  /** Kept data this transaction makes stale, dropped everywhere once it commits. */
  invalidate(event: Invalidation) {
    this.stale.push(event);
  }

  /** Wakes the job worker once this transaction commits (it queued jobs). */
  wake() {
    this.woken = true;
  }

  private write(entry: NewStatusHistoryEntry) {
    return this.repos.statusHistory.record(entry);
  }

  /** After the commit: one publication of what changed, and the worker woken if jobs were queued. */
  async committed(ctx: Pick<AppContext, 'invalidate' | 'wakeWorker'>) {
    await published(ctx, this.stale, this.woken);
  }
}

/** Publishes what a committed change made stale, in as few notices as cover it, and wakes the worker. */
export async function published(
  ctx: Pick<AppContext, 'invalidate' | 'wakeWorker'>,
  stale: readonly Invalidation[],
  woken: boolean,
) {
  for (const event of covering(stale)) await ctx.invalidate(event);
  if (woken) ctx.wakeWorker();
}

function known<S extends string>(machine: WorkflowMachine<S, string, never>, status: S): S {
  if (!machine.isState(status)) throw new Error(`${machine.name} has no status ${String(status)}`);
  return status;
}
