import type { PlatformContext as AppContext } from '../platform.ts';
import { compareAndSet, type SetTaken } from './compare-and-set.ts';
import { reactsTo } from './reaction.ts';
import type { Step } from './step.ts';
import { WorkflowTransaction } from './workflow-transaction.ts';

/**
 * The workflow engine: the only code that changes a workflow row's status or writes its history.
 * `takeStep` takes one step in a transaction of its own; `inWorkflow` opens a transaction in which
 * a service takes steps, creates objects (their first history row) and records changes that keep
 * the status, around its own writes. Either way the machine decides (403 role before 409 state),
 * the history row and the notifications are written with the change, the kept data it makes stale
 * is dropped once after the commit and the job worker is woken.
 */

/**
 * Takes one step: under the row's lock, or as one compare-and-set statement when the step asks for
 * it (and no other module reacts to this workflow's steps, which needs the lock's transaction).
 */
export async function takeStep<S extends string, A extends string, O, Row extends { status: S }, Saved>(
  ctx: AppContext,
  step: Step<S, A, O, Row, Saved>,
): Promise<SetTaken<S, Row, Saved>> {
  const locked = () => inWorkflow(ctx, (tx) => tx.step(step));
  const reacted = ctx.workflowReactions.some((reaction) =>
    reactsTo(reaction, step.machine.name, step.action),
  );
  if (step.compareAndSet && !reacted) return compareAndSet(ctx, step, step.compareAndSet, locked);
  return { ...(await locked()), changed: null };
}

/**
 * Runs `work` in one transaction of workflow changes; once it commits, what they made stale is
 * published once and the worker woken. Nothing is published when it fails.
 */
export async function inWorkflow<T>(
  ctx: AppContext,
  work: (tx: WorkflowTransaction) => Promise<T>,
): Promise<T> {
  let unit: WorkflowTransaction | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    unit = new WorkflowTransaction(ctx.withDb(tx), ctx.workflowReactions);
    return work(unit);
  });
  await unit!.committed(ctx);
  return result;
}
