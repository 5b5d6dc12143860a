import { FIRST_QUOTE_RFQ_STATUSES, RFQ_STATUSES, type RfqStatus } from './rfq.machine.ts';

/**
 * The statuses a vendor is shown: the RFQ's own, except that an RFQ approved with another vendor is
 * 'not_selected' for them, so 'approved' always means won, and a sealed RFQ whose deadline passed
 * before they bid is 'bids_closed' for them (nothing is left for them to do).
 */
export const VENDOR_RFQ_STATUSES = [...RFQ_STATUSES, 'not_selected', 'bids_closed'] as const;
export type VendorRfqStatus = (typeof VENDOR_RFQ_STATUSES)[number];

/** The vendor-facing status labels of spec 3 §4.1, and 'Not selected'. */
export const RFQ_VENDOR_LABELS = {
  pending_qs_review: 'Under Review',
  pending_vendor_response: 'Action Required',
  vendor_responded: 'Submitted - Awaiting Review',
  under_negotiation: 'Under Negotiation',
  pending_admin_approval: 'Under Final Review',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  not_selected: 'Not selected',
  bids_closed: 'Bids Closed',
} as const satisfies Record<VendorRfqStatus, string>;

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

/** Where a vendor who has not quoted may still bid (`vendorMayQuote`). */
const OPEN_TO_A_FIRST_QUOTE: readonly RfqStatus[] = FIRST_QUOTE_RFQ_STATUSES;

/**
 * The status a vendor is shown: until the RFQ is decided, a vendor who has not quoted yet still has
 * action to take, whoever else quoted or is negotiating (the RFQ's own status would tell them another
 * vendor did; `vendorMayQuote` lets them quote), unless it is sealed and its deadline passed (bids
 * closed: they can no longer bid); once it is approved with someone else, it is not selected for them
 * (never 'Approved').
 */
export function vendorFacingStatus(
  status: RfqStatus,
  hasResponded: boolean,
  isSelected: boolean,
  bidsClosed = false,
): VendorRfqStatus {
  if (status === 'approved' && !isSelected) return 'not_selected';
  if (hasResponded || !OPEN_TO_A_FIRST_QUOTE.includes(status)) return status;
  return bidsClosed ? 'bids_closed' : 'pending_vendor_response';
}

/**
 * The same rule in SQL, over the RFQ's status column, whether the vendor's response row exists,
 * whether the RFQ's selected vendor is them and whether its bids are closed (sealed, deadline passed).
 */
export const VENDOR_FACING_STATUS_SQL = (
  status: string,
  responded: string,
  selected: string,
  closed: string,
) =>
  `(case when ${status} = 'approved' and not coalesce(${selected}, false) then 'not_selected'` +
  ` when ${status} in (${OPEN_TO_A_FIRST_QUOTE.map((open) => `'${open}'`).join(', ')}) and not ${responded}` +
  ` then (case when ${closed} then 'bids_closed' else 'pending_vendor_response' end)` +
  ` else ${status} end)`;

function known(status: string): status is RfqStatus {
  return Object.hasOwn(RFQ_STATUS_LABELS, status);
}

function knownToVendors(status: string): status is VendorRfqStatus {
  return Object.hasOwn(RFQ_VENDOR_LABELS, status);
}

/** A vendor's label for a status in lists; an unknown status is shown raw. */
export function vendorStatusLabel(status: string): string {
  return knownToVendors(status) ? RFQ_VENDOR_LABELS[status] : status;
}

/**
 * The label on the vendor's RFQ detail, over the status they are shown: pending_admin_approval reads
 * 'Under Final Review' and approved (theirs: they won) 'Selected - Congratulations!'.
 */
export function vendorDetailStatusLabel(status: string): string {
  if (status === 'approved') return 'Selected - Congratulations!';
  return vendorStatusLabel(status);
}

/** A staff label; an unknown status is shown raw. */
export function rfqStatusLabel(status: string): string {
  return known(status) ? RFQ_STATUS_LABELS[status] : status;
}

/** Display number of an RFQ: 'RFQ #1042'. */
export const rfqNumberLabel = (number: number) => `RFQ #${number}`;
