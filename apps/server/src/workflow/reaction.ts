import type { Role } from '@trowel/shared/auth/roles.ts';
import type { WorkflowName } from '@trowel/shared/workflow/history.schemas.ts';

/** A step as the reactions to it read it. */
export interface TakenStep<S extends string = string, A extends string = string> {
  id: string;
  action: A;
  from: S;
  to: S;
  actor: { id: string; role: Role };
}

/**
 * What another module does, in the same transaction, after a step of a workflow changed its row
 * (offers withdrawn when an RFQ leaves negotiation, the purchase order of an approved RFQ). The
 * server is assembled with the list of them (`modules.ts`, from each module's manifest); the engine runs those of the
 * step's workflow, handing them its transaction (`reactionTo` types it).
 */
export interface WorkflowReaction {
  workflow: WorkflowName;
  /** Runs after the step's other reactions (it reads what they wrote: a reconciliation of figures). */
  last?: boolean;
  /**
   * The steps it reacts to, when not all: the others may still be taken as one compare-and-set
   * statement (a reaction needs the lock's transaction).
   */
  actions?: readonly string[];
  react(tx: unknown, taken: TakenStep): Promise<void>;
}

/** Whether a reaction runs on a step of this workflow and action. */
export const reactsTo = (reaction: WorkflowReaction, workflow: string, action: string): boolean =>
  reaction.workflow === workflow && (!reaction.actions || reaction.actions.includes(action));
