import { defineMachine } from '../workflow/machine.ts';

export const MATERIAL_REQUEST_STATUSES = [
  'pending_lead_approval',
  'approved_by_lead',
  'rejected_by_lead',
  'needs_review_by_engineer',
] as const;
export type MaterialRequestStatus = (typeof MATERIAL_REQUEST_STATUSES)[number];

/** What the store keeper answers an approved request with; shown in place of the status once set. */
export const MATERIAL_STORE_STATUSES = ['delivered', 'partially_delivered', 'unavailable'] as const;
export type MaterialStoreStatus = (typeof MATERIAL_STORE_STATUSES)[number];

/** The statuses a lead's review leads to (the `status` of a review PUT). */
export const MATERIAL_REVIEW_STATUSES = [
  'approved_by_lead',
  'rejected_by_lead',
  'needs_review_by_engineer',
] as const satisfies readonly MaterialRequestStatus[];
export type MaterialReviewStatus = (typeof MATERIAL_REVIEW_STATUSES)[number];

/**
 * The material request workflow (spec 2 §4): the lead of the project reviews a pending request;
 * the store keeper answers an approved one (the status stays, the store status changes, and may be
 * answered again as deliveries arrive); the requester edits a returned request and resubmits it.
 * Which lead and which requester is the policy's business (material-request.policy.ts).
 */
export const materialRequestMachine = defineMachine({
  name: 'material_request',
  states: MATERIAL_REQUEST_STATUSES,
  rules: {
    approve: { from: ['pending_lead_approval'], to: 'approved_by_lead', roles: ['project_lead'] },
    reject: { from: ['pending_lead_approval'], to: 'rejected_by_lead', roles: ['project_lead'] },
    return_to_engineer: {
      from: ['pending_lead_approval'],
      to: 'needs_review_by_engineer',
      roles: ['project_lead'],
    },
    resubmit: {
      from: ['needs_review_by_engineer'],
      to: 'pending_lead_approval',
      roles: ['team_member', 'project_lead'],
    },
    mark_delivered: { from: ['approved_by_lead'], to: 'approved_by_lead', roles: ['store_keeper'] },
    mark_partially_delivered: {
      from: ['approved_by_lead'],
      to: 'approved_by_lead',
      roles: ['store_keeper'],
    },
    mark_unavailable: { from: ['approved_by_lead'], to: 'approved_by_lead', roles: ['store_keeper'] },
  },
});
export type MaterialRequestAction = (typeof materialRequestMachine.actions)[number];

/** The action a lead's review PUT names by its target status. */
export const REVIEW_ACTION = {
  approved_by_lead: 'approve',
  rejected_by_lead: 'reject',
  needs_review_by_engineer: 'return_to_engineer',
} as const satisfies Record<MaterialReviewStatus, MaterialRequestAction>;

/** The action a store keeper's PUT names by its store status. */
export const STORE_ACTION = {
  delivered: 'mark_delivered',
  partially_delivered: 'mark_partially_delivered',
  unavailable: 'mark_unavailable',
} as const satisfies Record<MaterialStoreStatus, MaterialRequestAction>;

/** The store status each store answer sets (STORE_ACTION read backwards). */
export const STORE_STATUS_OF = Object.fromEntries(
  Object.entries(STORE_ACTION).map(([status, action]) => [action, status]),
) as { [A in StoreAction]: MaterialStoreStatus };
export type StoreAction = (typeof STORE_ACTION)[MaterialStoreStatus];

export const MATERIAL_STATUS_LABELS = {
  pending_lead_approval: 'Pending Lead Approval',
  approved_by_lead: 'Approved by Lead',
  rejected_by_lead: 'Rejected by Lead',
  needs_review_by_engineer: 'Needs Review by Engineer',
} as const satisfies Record<MaterialRequestStatus, string>;

export const MATERIAL_STORE_STATUS_LABELS = {
  delivered: 'Delivered',
  partially_delivered: 'Partially Delivered',
  unavailable: 'Unavailable',
} as const satisfies Record<MaterialStoreStatus, string>;

/** The badge of a request: its store status once the store keeper answered, else its status. */
export function materialRequestBadge(request: {
  status: MaterialRequestStatus;
  storeStatus: MaterialStoreStatus | null;
}): { value: MaterialRequestStatus | MaterialStoreStatus; label: string } {
  if (request.storeStatus)
    return { value: request.storeStatus, label: MATERIAL_STORE_STATUS_LABELS[request.storeStatus] };
  return { value: request.status, label: MATERIAL_STATUS_LABELS[request.status] };
}
