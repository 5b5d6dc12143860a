import type { Repositories } from '../platform.ts';
import type { WorkflowActor, WorkflowMachine } from './step.ts';

/** A step a demo object went through before the demo starts. */
export interface PastStep<A extends string> {
  action: A;
  actor: WorkflowActor;
  remarks?: string | null;
}

/**
 * The history of a demo object, written as its workflow would have written it: its creation and
 * each past step, every step checked against the machine (a seed that breaks the table fails), and
 * no one told. Answers the status the object has reached, which the seed gives its row.
 */
export async function seedHistory<S extends string, A extends string, O>(
  repos: Pick<Repositories, 'statusHistory'>,
  machine: WorkflowMachine<S, A, O>,
  id: string,
  past: {
    created: { status: S; actor: WorkflowActor; remarks?: string | null };
    steps: ReadonlyArray<PastStep<A>>;
    options: O;
  },
): Promise<S> {
  const { created } = past;
  await repos.statusHistory.record({
    workflow: machine.name,
    entityId: id,
    action: 'create',
    fromStatus: null,
    toStatus: created.status,
    actorId: created.actor.id,
    remarks: created.remarks ?? null,
  });
  let status = created.status;
  for (const step of past.steps) {
    const check = machine.check(status, step.action, step.actor.role, past.options);
    if (!check.allowed) throw new Error(`${machine.name}: ${step.action} is refused from ${status}`);
    await repos.statusHistory.record({
      workflow: machine.name,
      entityId: id,
      action: step.action,
      fromStatus: status,
      toStatus: check.next,
      actorId: step.actor.id,
      remarks: step.remarks ?? null,
    });
    status = check.next;
  }
  return status;
}
