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
  react(tx: unknown, taken: TakenStep): Promise<void>;
}
