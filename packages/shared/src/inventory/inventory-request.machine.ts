import type { Role } from '../auth/roles.ts';
import { defineMachine } from '../workflow/machine.ts';

export const INVENTORY_REQUEST_STATUSES = [
  'pending_store_keeper_approval',
  'approved_by_store_pending_release',
  'partially_approved_by_store',
  'rejected_by_store',
  'pending_admin_approval',
  'approved_by_admin_pending_store_release',
  'revision_requested_by_admin',
  'rejected_by_admin',
  'approved',
] as const;
export type InventoryRequestStatus = (typeof INVENTORY_REQUEST_STATUSES)[number];

/** Statuses after which nothing more happens to a request; any other is open (holds its item). */
export const CLOSED_INVENTORY_REQUEST_STATUSES = [
  'rejected_by_store',
  'rejected_by_admin',
  'approved',
] as const satisfies readonly InventoryRequestStatus[];

export const isOpenInventoryRequest = (status: InventoryRequestStatus) =>
  !(CLOSED_INVENTORY_REQUEST_STATUSES as readonly string[]).includes(status);

/**
 * The inventory request chain (spec 2 §4). The store keeper decides first; a project lead who did not
 * ask may send a pending request up to the admin step, and the store keeper may send an approval up;
 * admin or project manager decide there; the store keeper releases, which issues the stock. Release
 * is also taken straight from the store keeper's own approval (the statuses say 'pending release').
 * A request sent back for revision is resubmitted by its requester.
 */
export const inventoryRequestMachine = defineMachine({
  name: 'inventory_request',
  states: INVENTORY_REQUEST_STATUSES,
  rules: {
    store_approve: {
      from: ['pending_store_keeper_approval'],
      to: 'approved_by_store_pending_release',
      roles: ['store_keeper'],
    },
    store_partially_approve: {
      from: ['pending_store_keeper_approval'],
      to: 'partially_approved_by_store',
      roles: ['store_keeper'],
    },
    store_reject: {
      from: ['pending_store_keeper_approval'],
      to: 'rejected_by_store',
      roles: ['store_keeper'],
    },
    lead_escalate: {
      from: ['pending_store_keeper_approval'],
      to: 'pending_admin_approval',
      roles: ['project_lead'],
    },
    store_escalate: {
      from: ['approved_by_store_pending_release', 'partially_approved_by_store'],
      to: 'pending_admin_approval',
      roles: ['store_keeper'],
    },
    admin_approve: {
      from: ['pending_admin_approval'],
      to: 'approved_by_admin_pending_store_release',
      roles: ['admin', 'project_manager'],
    },
    admin_request_revision: {
      from: ['pending_admin_approval'],
      to: 'revision_requested_by_admin',
      roles: ['admin', 'project_manager'],
    },
    admin_reject: {
      from: ['pending_admin_approval'],
      to: 'rejected_by_admin',
      roles: ['admin', 'project_manager'],
    },
    release: {
      from: [
        'approved_by_admin_pending_store_release',
        'approved_by_store_pending_release',
        'partially_approved_by_store',
      ],
      to: 'approved',
      roles: ['store_keeper'],
    },
    resubmit: {
      from: ['revision_requested_by_admin'],
      to: 'pending_store_keeper_approval',
      roles: ['project_lead', 'team_member'],
    },
  },
});
export type InventoryRequestAction = (typeof inventoryRequestMachine.actions)[number];

/**
 * The action a PUT names by the status it asks for. Sending up to the admin step is the lead's
 * escalation for a project lead and the store keeper's for anyone else (whose role the table refuses).
 */
export function inventoryActionFor(target: InventoryRequestStatus, role: Role): InventoryRequestAction {
  switch (target) {
    case 'approved_by_store_pending_release':
      return 'store_approve';
    case 'partially_approved_by_store':
      return 'store_partially_approve';
    case 'rejected_by_store':
      return 'store_reject';
    case 'pending_admin_approval':
      return role === 'project_lead' ? 'lead_escalate' : 'store_escalate';
    case 'approved_by_admin_pending_store_release':
      return 'admin_approve';
    case 'revision_requested_by_admin':
      return 'admin_request_revision';
    case 'rejected_by_admin':
      return 'admin_reject';
    case 'approved':
      return 'release';
    case 'pending_store_keeper_approval':
      return 'resubmit';
    default: {
      const never: never = target;
      throw new Error(`Unknown inventory request status ${String(never)}`);
    }
  }
}

export const INVENTORY_STATUS_LABELS = {
  pending_store_keeper_approval: 'Pending Store Keeper Approval',
  approved_by_store_pending_release: 'Approved by Store (Pending Release)',
  partially_approved_by_store: 'Partially Approved by Store',
  rejected_by_store: 'Rejected by Store',
  pending_admin_approval: 'Pending Admin Approval',
  approved_by_admin_pending_store_release: 'Approved by Admin (Pending Release)',
  revision_requested_by_admin: 'Revision Requested by Admin',
  rejected_by_admin: 'Rejected by Admin',
  approved: 'Approved & Released',
} as const satisfies Record<InventoryRequestStatus, string>;

/** The label of each action's button. */
export const INVENTORY_ACTION_LABELS = {
  store_approve: 'Approve',
  store_partially_approve: 'Partially Approve',
  store_reject: 'Reject',
  lead_escalate: 'Escalate to Admin',
  store_escalate: 'Escalate to Admin',
  admin_approve: 'Approve',
  admin_request_revision: 'Request Revision',
  admin_reject: 'Reject',
  release: 'Release',
  resubmit: 'Resubmit',
} as const satisfies Record<InventoryRequestAction, string>;

/** The status each action leads to (what the PUT sends). */
export function inventoryTargetOf(action: InventoryRequestAction): InventoryRequestStatus {
  // Every step of this chain leads to one status.
  return inventoryRequestMachine.target(action)!;
}
