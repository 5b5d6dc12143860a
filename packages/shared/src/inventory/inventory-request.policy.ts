import { can, type Actor } from '../auth/policy.ts';
import { isOffered, type ProjectChoice, type ProjectStanding } from '../projects/project-choice.ts';
import type { TransitionCheck } from '../workflow/machine.ts';
import {
  inventoryRequestMachine,
  type InventoryRequestAction,
  type InventoryRequestStatus,
} from './inventory-request.machine.ts';

export interface InventoryRequestRef {
  status: InventoryRequestStatus;
  requestedById: string;
}

/**
 * Whether the actor may take the action on this request now, on top of the table: a lead may not
 * escalate their own request, and only the requester resubmits. 'role' refusals answer 403, 'state' 409.
 */
export function checkInventoryRequestAction(
  actor: Actor,
  request: InventoryRequestRef,
  action: InventoryRequestAction,
): TransitionCheck<InventoryRequestStatus> {
  const isRequester = request.requestedById === actor.id;
  if (action === 'lead_escalate' && isRequester) return { allowed: false, refusal: 'role' };
  if (action === 'resubmit' && !isRequester) return { allowed: false, refusal: 'role' };
  return inventoryRequestMachine.check(request.status, action, actor.role, undefined);
}

/** The actions this user may take on this request now (the buttons of the requests log). */
export function inventoryRequestActions(
  actor: Actor,
  request: InventoryRequestRef,
): InventoryRequestAction[] {
  return inventoryRequestMachine.actions.filter(
    (action) => checkInventoryRequestAction(actor, request, action).allowed,
  );
}

/**
 * Whose notes field a step's notes land in, by who wrote them; a resubmission is the requester's, so its
 * notes replace the request's own `notes` whoever the requester is.
 */
export function notesFieldFor(role: Actor['role'], action?: string) {
  if (action === 'resubmit') return 'notes' as const;
  switch (role) {
    case 'store_keeper':
      return 'storeKeeperNotes' as const;
    case 'project_lead':
      return 'projectLeadNotes' as const;
    case 'admin':
    case 'project_manager':
      return 'adminNotes' as const;
    default:
      return 'notes' as const;
  }
}

/**
 * The projects a person may request stock for (spec 2 §2): admin, project manager, project lead and
 * architect every project; anyone else who may request, the projects listing them on the team.
 */
export function inventoryRequestProjectChoice(actor: Actor): ProjectChoice {
  if (!can(actor, 'inventory:request')) return 'none';
  return can(actor, 'inventory:request-any-project') ? 'visible' : 'team';
}

/** Whether the actor may request stock for this project (the server's check and the form's choices). */
export function canRequestStock(actor: Actor, project: ProjectStanding): boolean {
  return isOffered(inventoryRequestProjectChoice(actor), actor, project);
}
