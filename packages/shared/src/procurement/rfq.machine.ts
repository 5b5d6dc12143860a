import { defineMachine } from '../workflow/machine.ts';

/** Every RFQ status of spec 3 §4.1, negotiation's included. */
export const RFQ_STATUSES = [
  'pending_qs_review',
  'pending_vendor_response',
  'vendor_responded',
  'under_negotiation',
  'pending_admin_approval',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];

/** RFQs still being worked on (vendors counted as having an open RFQ). */
export const OPEN_RFQ_STATUSES = [
  'pending_qs_review',
  'pending_vendor_response',
  'vendor_responded',
  'under_negotiation',
  'pending_admin_approval',
] as const satisfies readonly RfqStatus[];

/** The statuses in which an invited vendor submits or updates their quote. */
export const QUOTABLE_RFQ_STATUSES = [
  'pending_vendor_response',
  'vendor_responded',
] as const satisfies readonly RfqStatus[];

/**
 * Where an invited vendor who has not quoted may still send a first quote: until the RFQ is decided.
 * Another vendor's quote or negotiation does not close it to them (nor do they learn of it).
 */
export const FIRST_QUOTE_RFQ_STATUSES = [
  ...QUOTABLE_RFQ_STATUSES,
  'under_negotiation',
  'pending_admin_approval',
] as const satisfies readonly RfqStatus[];

/** Whether a vendor may send (or, having quoted, update) their quote while the RFQ is in `status`. */
export function vendorMayQuote(status: RfqStatus, hasQuoted: boolean): boolean {
  const open: readonly RfqStatus[] = hasQuoted ? QUOTABLE_RFQ_STATUSES : FIRST_QUOTE_RFQ_STATUSES;
  return open.includes(status);
}

const PROCUREMENT = ['quantity_surveyor', 'admin'] as const;

/**
 * The RFQ workflow. The QS (and the admin) sends to vendors, rejects, recommends a vendor and asks
 * for new quotes; only the admin selects and approves, returns to the QS or rejects at the final
 * step. A vendor's first quote moves the RFQ to vendor_responded. Negotiation adds its own steps.
 */
export const rfqMachine = defineMachine({
  name: 'rfq',
  states: RFQ_STATUSES,
  rules: {
    send_to_vendors: { from: ['pending_qs_review'], to: 'pending_vendor_response', roles: PROCUREMENT },
    // A vendor's first quote, and a quote updated: the RFQ awaits review from then on.
    record_response: { from: QUOTABLE_RFQ_STATUSES, to: 'vendor_responded', roles: ['vendor'] },
    update_response: { from: QUOTABLE_RFQ_STATUSES, to: 'vendor_responded', roles: ['vendor'] },
    // A first quote once the RFQ is being negotiated or decided on: it joins the others, the step stays.
    join_response: {
      from: ['under_negotiation', 'pending_admin_approval'],
      to: (_options, from) => from,
      roles: ['vendor'],
    },
    recommend: {
      from: ['vendor_responded', 'under_negotiation'],
      to: 'pending_admin_approval',
      roles: PROCUREMENT,
    },
    request_new_quotes: { from: ['under_negotiation'], to: 'pending_vendor_response', roles: PROCUREMENT },
    reject: {
      from: ['pending_qs_review', 'pending_vendor_response', 'vendor_responded', 'under_negotiation'],
      to: 'rejected',
      roles: PROCUREMENT,
    },
    select_and_approve: { from: ['pending_admin_approval'], to: 'approved', roles: ['admin'] },
    return_to_qs: { from: ['pending_admin_approval'], to: 'under_negotiation', roles: ['admin'] },
    admin_reject: { from: ['pending_admin_approval'], to: 'rejected', roles: ['admin'] },
    // Negotiation: a price offer to a vendor who quoted, and the QS approving the terms a vendor accepted.
    negotiate: {
      from: ['vendor_responded', 'under_negotiation'],
      to: 'under_negotiation',
      roles: PROCUREMENT,
    },
    approve_final_terms: { from: ['under_negotiation'], to: 'pending_admin_approval', roles: PROCUREMENT },
    cancel: {
      from: [
        'pending_qs_review',
        'pending_vendor_response',
        'vendor_responded',
        'under_negotiation',
        'pending_admin_approval',
      ],
      to: 'cancelled',
      roles: PROCUREMENT,
    },
  },
});
export type RfqAction = (typeof rfqMachine.actions)[number];

/** The actions that need the vendor they are about (one who quoted). */
export const RFQ_ACTIONS_WITH_VENDOR: readonly RfqAction[] = ['recommend', 'select_and_approve'];

/**
 * Approving a vendor other than the one recommended (by the QS, or through the final terms they
 * approved) needs a reason, kept in the RFQ's history.
 */
export function approvalNeedsReason(
  action: RfqAction | null,
  recommendedVendorId: string | null,
  chosenVendorId: string | null,
): boolean {
  return (
    action === 'select_and_approve' &&
    recommendedVendorId !== null &&
    chosenVendorId !== null &&
    chosenVendorId !== recommendedVendorId
  );
}

/** Screen labels of the staff actions. */
export const RFQ_ACTION_LABELS = {
  send_to_vendors: 'Send to Vendors',
  record_response: 'Record Response',
  update_response: 'Update Response',
  join_response: 'Record Response',
  recommend: 'Recommend for Approval',
  request_new_quotes: 'Request New Quotes',
  reject: 'Reject',
  select_and_approve: 'Select & Approve',
  return_to_qs: 'Return to QS',
  admin_reject: 'Reject',
  cancel: 'Cancel RFQ',
  negotiate: 'Negotiate',
  approve_final_terms: 'Approve Final Terms',
} as const satisfies Record<RfqAction, string>;

/**
 * Actions taken through calls of their own (POST /rfqs/{id}/negotiate, a negotiation's approve-final-terms),
 * never through a status change: they need the negotiation they are about.
 */
export const RFQ_NEGOTIATION_ACTIONS: readonly RfqAction[] = ['negotiate', 'approve_final_terms'];

/** What the RFQ's history says of each step and record (spec 3 §2.3 'description'), where not its label. */
export const RFQ_HISTORY_LABELS: Readonly<Record<string, string>> = {
  ...RFQ_ACTION_LABELS,
  create: 'RFQ created',
  record_response: 'Quotation submitted',
  join_response: 'Quotation submitted',
  update_response: 'Quotation updated',
  'confirm-opening': 'Opening confirmed',
  'open-bids': 'Bids opened',
};

/**
 * The action a status change (PUT /rfqs/{id}/status) asks for: the one leading to `target` that
 * starts from `current`, else the first one leading there (so the refusal is the right one), or
 * null when no action leads there.
 */
export function rfqActionFor(current: RfqStatus, target: RfqStatus): RfqAction | null {
  const leading = rfqMachine.actions.filter(
    (action) =>
      rfqMachine.target(action) === target &&
      !RFQ_NEGOTIATION_ACTIONS.includes(action) &&
      action !== 'update_response',
  );
  return leading.find((action) => rfqMachine.startsFrom(action).includes(current)) ?? leading[0] ?? null;
}

/** The status an action leads to (each RFQ action but a joining quote leads to one). */
export function rfqStatusAfter(action: RfqAction): RfqStatus {
  return rfqMachine.target(action)!;
}
