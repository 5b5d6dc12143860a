import type { RfqStatus } from './rfq.machine.ts';

/** The vendor-facing status labels of spec 3 §4.1. */
export const RFQ_VENDOR_LABELS = {
  pending_qs_review: 'Under Review',
  pending_vendor_response: 'Action Required',
  vendor_responded: 'Submitted - Awaiting Review',
  under_negotiation: 'Under Negotiation',
  pending_admin_approval: 'Under Final Review',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
} as const satisfies Record<RfqStatus, string>;

/** Staff labels of the same statuses. */
export const RFQ_STATUS_LABELS = {
  pending_qs_review: 'Pending QS Review',
  pending_vendor_response: 'Pending Vendor Response',
  vendor_responded: 'Vendor Responded',
  under_negotiation: 'Under Negotiation',
  pending_admin_approval: 'Pending Admin Approval',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
} as const satisfies Record<RfqStatus, string>;

/**
 * The status a vendor is shown: while the RFQ takes quotes, a vendor who has not quoted yet still
 * has action to take, whoever else quoted (the RFQ's own status would tell them another vendor did).
 */
export function vendorFacingStatus(status: RfqStatus, hasResponded: boolean): RfqStatus {
  return status === 'vendor_responded' && !hasResponded ? 'pending_vendor_response' : status;
}

/** The same rule in SQL, over the RFQ's status column and whether the vendor's response row exists. */
export const VENDOR_FACING_STATUS_SQL = (status: string, responded: string) =>
  `(case when ${status} = 'vendor_responded' and not ${responded} then 'pending_vendor_response' else ${status} end)`;

function known(status: string): status is RfqStatus {
  return Object.hasOwn(RFQ_VENDOR_LABELS, status);
}

/** A vendor's label for a status in lists; an unknown status is shown raw. */
export function vendorStatusLabel(status: string): string {
  return known(status) ? RFQ_VENDOR_LABELS[status] : status;
}

/**
 * The label on the vendor's RFQ detail: pending_admin_approval reads 'Under Final Review' and an
 * approved RFQ 'Selected - Congratulations!' for the selected vendor only.
 */
export function vendorDetailStatusLabel(status: string, selectedIsMe: boolean): string {
  if (status === 'approved' && selectedIsMe) return 'Selected - Congratulations!';
  return vendorStatusLabel(status);
}

/** A staff label; an unknown status is shown raw. */
export function rfqStatusLabel(status: string): string {
  return known(status) ? RFQ_STATUS_LABELS[status] : status;
}

/** Display number of an RFQ: 'RFQ #1042'. */
export const rfqNumberLabel = (number: number) => `RFQ #${number}`;
