import { can, type Actor } from '../auth/policy.ts';
import { isOffered, type ProjectChoice, type ProjectStanding } from '../projects/project-choice.ts';
import {
  materialRequestMachine,
  STORE_ACTION,
  type MaterialRequestAction,
  type MaterialRequestStatus,
  type MaterialStoreStatus,
} from './material-request.machine.ts';

/** How the actor stands to a request: lead of its project, its requester, both or neither. */
export interface MaterialRequestRelation {
  leadsProject: boolean;
  isRequester: boolean;
}

export interface MaterialRequestRef {
  status: MaterialRequestStatus;
  requestedById: string;
  projectLeadId: string | null;
  storeStatus?: MaterialStoreStatus | null;
}

export const DELIVERED_IN_FULL_MESSAGE =
  'These materials were delivered in full: their store status cannot change any more';

const STORE_ACTIONS: readonly MaterialRequestAction[] = Object.values(STORE_ACTION);

/**
 * Whether the store keeper's answer is closed: a request delivered in full stays delivered (a partial
 * delivery or an unavailable one may still be answered again as materials arrive).
 */
export const storeAnswerClosed = (
  request: { storeStatus?: MaterialStoreStatus | null },
  action: MaterialRequestAction,
) => STORE_ACTIONS.includes(action) && request.storeStatus === 'delivered';

export function relationTo(actor: Actor, request: MaterialRequestRef): MaterialRequestRelation {
  return {
    leadsProject: request.projectLeadId === actor.id,
    isRequester: request.requestedById === actor.id,
  };
}

/** Lead review actions need the lead of the request's project; resubmission its requester. */
const NEEDS: Record<MaterialRequestAction, keyof MaterialRequestRelation | null> = {
  approve: 'leadsProject',
  reject: 'leadsProject',
  return_to_engineer: 'leadsProject',
  resubmit: 'isRequester',
  mark_delivered: null,
  mark_partially_delivered: null,
  mark_unavailable: null,
};

/**
 * Whether the actor may take the action on this request now: 'role' when their role or their
 * relation to the request never allows it (403), 'state' when not from this status (409).
 */
export function checkMaterialRequestAction(
  actor: Actor,
  request: MaterialRequestRef,
  action: MaterialRequestAction,
): { allowed: true; next: MaterialRequestStatus } | { allowed: false; refusal: 'role' | 'state' } {
  const relation = NEEDS[action];
  if (relation && !relationTo(actor, request)[relation]) return { allowed: false, refusal: 'role' };
  const check = materialRequestMachine.check(request.status, action, actor.role, undefined);
  return check.allowed && storeAnswerClosed(request, action) ? { allowed: false, refusal: 'state' } : check;
}

export interface MaterialRequestAbilities {
  review: boolean;
  storeUpdate: boolean;
  /** Edit items and notes: the requester while the lead has not decided, or after a return. */
  edit: boolean;
  /** 'Edit & Resubmit': a request returned to its requester. */
  resubmit: boolean;
  delete: boolean;
}

/** What this user may do to this request now; the screen shows controls from it, the server enforces it. */
export function materialRequestAbilities(
  actor: Actor,
  request: MaterialRequestRef,
): MaterialRequestAbilities {
  const allowed = (action: MaterialRequestAction) =>
    checkMaterialRequestAction(actor, request, action).allowed;
  const { isRequester } = relationTo(actor, request);
  const awaitingLead = request.status === 'pending_lead_approval';
  return {
    review: allowed('approve'),
    storeUpdate: allowed('mark_delivered'),
    edit: isRequester && can(actor, 'material-requests:create') && (awaitingLead || allowed('resubmit')),
    resubmit: allowed('resubmit'),
    delete: can(actor, 'material-requests:delete-any') || (isRequester && awaitingLead),
  };
}

/** What a list of projects is for: asking for materials, or filtering the requests the person sees. */
export const MATERIAL_REQUEST_PROJECT_PURPOSES = ['request', 'filter'] as const;
export type MaterialRequestProjectPurpose = (typeof MATERIAL_REQUEST_PROJECT_PURPOSES)[number];

/**
 * The projects a person may act on in material requests. To ask: a lead those they lead, a team
 * member those listing them on the team, anyone else none. To filter: those who read every request
 * every project, the others the projects they may ask for (their requests, and a lead's projects').
 */
export function materialRequestProjectChoice(
  actor: Actor,
  purpose: MaterialRequestProjectPurpose,
): ProjectChoice {
  if (purpose === 'filter' && can(actor, 'material-requests:read-all')) return 'visible';
  if (!can(actor, 'material-requests:create')) return 'none';
  return can(actor, 'projects:lead') ? 'led' : 'team';
}

/** Whether the actor may ask for materials for this project (the server's check and the form's choices). */
export function canRequestMaterials(actor: Actor, project: ProjectStanding): boolean {
  return isOffered(materialRequestProjectChoice(actor, 'request'), actor, project);
}
