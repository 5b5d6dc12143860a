import { quotedRemarks } from '../format/remarks.ts';
import type { InventoryRequestAction, InventoryRequestStatus } from './inventory-request.machine.ts';

/** Where a request stands, as the end of "… while it is ___" (refusals name it so, never by the raw status). */
export const INVENTORY_STATUS_PHRASES = {
  pending_store_keeper_approval: 'waiting for the store keeper',
  approved_by_store_pending_release: 'approved by the store and waiting for release',
  partially_approved_by_store: 'partly approved by the store and waiting for release',
  rejected_by_store: 'rejected by the store',
  pending_admin_approval: 'waiting for the administrator',
  approved_by_admin_pending_store_release: 'approved by the administrator and waiting for release',
  revision_requested_by_admin: 'sent back for revision',
  rejected_by_admin: 'rejected by the administrator',
  approved: 'released',
} as const satisfies Record<InventoryRequestStatus, string>;

/** What a notice or a toast reads of a request, as the step saved it. */
export interface InventoryRequestShown {
  itemName: string;
  unit: string;
  quantityRequested: number;
  quantityApproved: number | null;
}

/** The quantity a request stands for now: the approved one once set, else the one asked for. */
export const currentQuantity = (request: InventoryRequestShown) =>
  request.quantityApproved ?? request.quantityRequested;

/** "5 tonnes of Sharp sand": the quantity a request stands for now, with its unit and item. */
export const inventoryAmount = (request: InventoryRequestShown, quantity = currentQuantity(request)) =>
  `${quantity} ${request.unit} of ${request.itemName}`;

interface Told {
  /** Who took the step. */
  by: string;
  request: InventoryRequestShown;
  /** The notes the step wrote. */
  notes: string | null;
}

/** Who a notice of a step is for: the requester, the store keepers, or the administrators. */
export type InventoryNoticeAudience = 'requester' | 'store' | 'admins';

export interface InventoryNotice {
  to: InventoryNoticeAudience;
  title: string;
  message: string;
}

/** Who is told of each step and what, in sentences naming the quantity the step left and the notes given. */
export function inventoryStepNotices(action: InventoryRequestAction, told: Told): InventoryNotice[] {
  const { by, request } = told;
  const asked = inventoryAmount(request, request.quantityRequested);
  const now = inventoryAmount(request);
  const notes = quotedRemarks(told.notes, 'Notes');
  const requester = (title: string, message: string): InventoryNotice => ({
    to: 'requester',
    title,
    message: `${message}${notes}`,
  });
  switch (action) {
    case 'store_approve':
      return [
        requester(
          'Inventory request approved',
          `${by} approved your request for ${asked}; it awaits release.`,
        ),
      ];
    case 'store_partially_approve':
      return [
        requester(
          'Inventory request partially approved',
          `${by} approved ${currentQuantity(request)} of the ${asked} you asked for; it awaits release.`,
        ),
      ];
    case 'store_reject':
      return [requester('Inventory request rejected', `${by} rejected your request for ${asked}.`)];
    case 'lead_escalate':
    case 'store_escalate':
      return [
        {
          to: 'admins',
          title: 'Inventory request awaits admin approval',
          message: `${by} sent a request for ${now} for your approval.${notes}`,
        },
      ];
    case 'admin_approve':
      return [
        requester(
          'Inventory request approved by admin',
          `${by} approved your request for ${now}; it awaits release by the store.`,
        ),
        {
          to: 'store',
          title: 'Inventory request to release',
          message: `${by} approved a request for ${now}; it awaits release.`,
        },
      ];
    case 'admin_request_revision':
      return [
        requester(
          'Inventory request sent back for revision',
          `${by} sent your request for ${asked} back for revision.`,
        ),
      ];
    case 'admin_reject':
      return [requester('Inventory request rejected by admin', `${by} rejected your request for ${asked}.`)];
    case 'release':
      return [requester('Inventory request released', `${by} released ${now} for your request.`)];
    case 'resubmit':
      return [
        {
          to: 'store',
          title: 'Inventory request resubmitted',
          message: `${by} resubmitted a request for ${asked}.${notes}`,
        },
      ];
    default: {
      const never: never = action;
      throw new Error(`Unknown action ${String(never)}`);
    }
  }
}

/** The toast after the person's own step, from the request as saved: "Released 5 tonnes of Sharp sand". */
export function inventoryStepToast(action: InventoryRequestAction, request: InventoryRequestShown): string {
  switch (action) {
    case 'store_approve':
    case 'admin_approve':
      return `Approved ${inventoryAmount(request)}`;
    case 'store_partially_approve':
      return `Approved ${currentQuantity(request)} of ${inventoryAmount(request, request.quantityRequested)}`;
    case 'store_reject':
    case 'admin_reject':
      return `Rejected the request for ${inventoryAmount(request)}`;
    case 'lead_escalate':
    case 'store_escalate':
      return `Sent the request for ${inventoryAmount(request)} to the admin`;
    case 'admin_request_revision':
      return `Sent the request for ${inventoryAmount(request)} back for revision`;
    case 'release':
      return `Released ${inventoryAmount(request)}`;
    case 'resubmit':
      return `Resubmitted the request for ${inventoryAmount(request)}`;
    default: {
      const never: never = action;
      throw new Error(`Unknown action ${String(never)}`);
    }
  }
}
