import { quotedRemarks } from '../format/remarks.ts';
import {
  MATERIAL_STORE_STATUS_LABELS,
  STORE_STATUS_OF,
  type MaterialRequestAction,
  type MaterialRequestStatus,
} from './material-request.machine.ts';

/** Where a request stands, as the end of "… while it is ___" (refusals name it so, never by the raw status). */
export const MATERIAL_STATUS_PHRASES = {
  pending_lead_approval: 'waiting for its lead',
  approved_by_lead: 'approved by its lead',
  rejected_by_lead: 'rejected by its lead',
  needs_review_by_engineer: 'returned to its requester for review',
} as const satisfies Record<MaterialRequestStatus, string>;

/** What each step did to a request, as the end of "Request ___" (the toast after the person's own step). */
export const MATERIAL_STEP_DONE = {
  approve: 'approved',
  reject: 'rejected',
  return_to_engineer: 'returned to its requester for review',
  resubmit: 'resubmitted',
  mark_delivered: 'marked as delivered',
  mark_partially_delivered: 'marked as partially delivered',
  mark_unavailable: 'marked as unavailable',
} as const satisfies Record<MaterialRequestAction, string>;

/** A request's items in a line: "80 bags of cement, 2.5 Rebar 12 mm and 2 more". */
export function materialItemsSummary(items: ReadonlyArray<{ name: string; quantity: number }>): string {
  const shown = items
    .slice(0, 3)
    .map((item) => `${item.quantity} ${item.name}`)
    .join(', ');
  return items.length > 3 ? `${shown} and ${items.length - 3} more` : shown;
}

interface Told {
  /** Who took the step. */
  by: string;
  /** The request as the step saved it. */
  items: ReadonlyArray<{ name: string; quantity: number }>;
  /** The notes the step wrote (the lead's, the store keeper's, or the requester's on resubmission). */
  notes: string | null;
}

/** What the requester is told of the lead's review or the store's answer, with the notes given. */
export function materialRequestNotice(
  action: MaterialRequestAction,
  told: Told,
): { title: string; message: string } {
  const what = materialItemsSummary(told.items);
  const notes = (label: string) => quotedRemarks(told.notes, label);
  switch (action) {
    case 'approve':
      return {
        title: 'Material request approved',
        message: `${told.by} approved your request for ${what}.${notes('Notes')}`,
      };
    case 'reject':
      return {
        title: 'Material request rejected',
        message: `${told.by} rejected your request for ${what}.${notes('Notes')}`,
      };
    case 'return_to_engineer':
      return {
        title: 'Material request returned for review',
        message: `${told.by} returned your request for ${what} for your review.${notes('Notes')}`,
      };
    case 'resubmit':
      return {
        title: 'Material request resubmitted',
        message: `${told.by} resubmitted a request for ${what}.${notes('Notes')}`,
      };
    case 'mark_delivered':
    case 'mark_partially_delivered':
    case 'mark_unavailable':
      return {
        title: `Materials: ${MATERIAL_STORE_STATUS_LABELS[STORE_STATUS_OF[action]]}`,
        message: `${told.by} marked your request for ${what} as ${MATERIAL_STORE_STATUS_LABELS[STORE_STATUS_OF[action]].toLowerCase()}.${notes('Store notes')}`,
      };
    default: {
      const never: never = action;
      throw new Error(`Unknown action ${String(never)}`);
    }
  }
}

/** What the store keeper is told when a lead approves a request: something to supply. */
export function materialToSupplyNotice(told: Omit<Told, 'notes'> & { projectTitle: string }) {
  return {
    title: 'Material request to supply',
    message: `${told.by} approved a request for ${materialItemsSummary(told.items)} for ${told.projectTitle}.`,
  };
}

/** The toast after the person's own step: "Request returned to its requester for review". */
export const materialStepToast = (action: MaterialRequestAction) => `Request ${MATERIAL_STEP_DONE[action]}`;
