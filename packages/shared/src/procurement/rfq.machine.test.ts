import { describe, expect, it } from 'vitest';
import { machineCases, outcomeOf } from '../workflow/machine-cases.ts';
import {
  RFQ_STATUSES,
  approvalNeedsReason,
  rfqActionFor,
  rfqMachine,
  type RfqAction,
  type RfqStatus,
  vendorMayQuote,
} from './rfq.machine.ts';
import type { Role } from '../auth/roles.ts';
import {
  RFQ_VENDOR_LABELS,
  vendorDetailStatusLabel,
  vendorFacingStatus,
  vendorStatusLabel,
} from './rfq.labels.ts';

type Step = readonly [RfqStatus, RfqAction, Role, RfqStatus];
const both = (from: RfqStatus, action: RfqAction, to: RfqStatus): Step[] => [
  [from, action, 'quantity_surveyor', to],
  [from, action, 'admin', to],
];

/** Spec 3 §4.1, written out independently of the machine. */
const ALLOWED: Step[] = [
  ...both('pending_qs_review', 'send_to_vendors', 'pending_vendor_response'),
  // A vendor quotes, or updates their quote, while vendor responses are awaited or in review.
  ['pending_vendor_response', 'record_response', 'vendor', 'vendor_responded'],
  ['vendor_responded', 'record_response', 'vendor', 'vendor_responded'],
  ['pending_vendor_response', 'update_response', 'vendor', 'vendor_responded'],
  ['vendor_responded', 'update_response', 'vendor', 'vendor_responded'],
  // A vendor who has not quoted still may until the RFQ is decided; the step stays.
  ['under_negotiation', 'join_response', 'vendor', 'under_negotiation'],
  ['pending_admin_approval', 'join_response', 'vendor', 'pending_admin_approval'],
  ...both('vendor_responded', 'recommend', 'pending_admin_approval'),
  ...both('under_negotiation', 'recommend', 'pending_admin_approval'),
  ...both('under_negotiation', 'request_new_quotes', 'pending_vendor_response'),
  ...both('pending_qs_review', 'reject', 'rejected'),
  ...both('pending_vendor_response', 'reject', 'rejected'),
  ...both('vendor_responded', 'reject', 'rejected'),
  ...both('under_negotiation', 'reject', 'rejected'),
  ['pending_admin_approval', 'select_and_approve', 'admin', 'approved'],
  ['pending_admin_approval', 'return_to_qs', 'admin', 'under_negotiation'],
  ['pending_admin_approval', 'admin_reject', 'admin', 'rejected'],
  ...both('vendor_responded', 'negotiate', 'under_negotiation'),
  ...both('under_negotiation', 'negotiate', 'under_negotiation'),
  ...both('under_negotiation', 'approve_final_terms', 'pending_admin_approval'),
  ...(
    [
      'pending_qs_review',
      'pending_vendor_response',
      'vendor_responded',
      'under_negotiation',
      'pending_admin_approval',
    ] as const
  ).flatMap((from) => both(from, 'cancel', 'cancelled')),
];

describe('the RFQ machine', () => {
  const cases = machineCases(rfqMachine, ALLOWED);

  it('has every status of spec 3 §4.1, and the two a vendor alone is shown', () => {
    expect([...RFQ_STATUSES, 'not_selected', 'bids_closed'].sort()).toEqual(
      Object.keys(RFQ_VENDOR_LABELS).sort(),
    );
  });

  it('gives every (status, action, role) triple the outcome the spec gives', () => {
    expect(cases).toHaveLength(RFQ_STATUSES.length * rfqMachine.actions.length * 10);
    for (const triple of cases) {
      expect(outcomeOf(rfqMachine, triple, undefined), JSON.stringify(triple)).toBe(triple.expected);
    }
  });

  it('lets nothing leave approved, rejected or cancelled', () => {
    for (const status of ['approved', 'rejected', 'cancelled'] as const) {
      expect(rfqMachine.actionsFor(status, 'admin')).toEqual([]);
      expect(rfqMachine.actionsFor(status, 'quantity_surveyor')).toEqual([]);
    }
  });

  it('offers the QS and the admin their own steps at the final review', () => {
    expect(rfqMachine.actionsFor('pending_admin_approval', 'quantity_surveyor')).toEqual(['cancel']);
    expect(rfqMachine.actionsFor('pending_admin_approval', 'admin')).toEqual([
      'select_and_approve',
      'return_to_qs',
      'admin_reject',
      'cancel',
    ]);
  });

  it('reads a requested status as the action that leads there from the current one', () => {
    expect(rfqActionFor('pending_qs_review', 'pending_vendor_response')).toBe('send_to_vendors');
    expect(rfqActionFor('under_negotiation', 'pending_vendor_response')).toBe('request_new_quotes');
    expect(rfqActionFor('pending_admin_approval', 'rejected')).toBe('admin_reject');
    expect(rfqActionFor('vendor_responded', 'rejected')).toBe('reject');
    expect(rfqActionFor('approved', 'rejected')).toBe('reject');
    expect(rfqActionFor('pending_admin_approval', 'under_negotiation')).toBe('return_to_qs');
    expect(rfqActionFor('pending_qs_review', 'pending_qs_review')).toBeNull();
    // Negotiating and approving final terms name their negotiation: never a bare status change.
    expect(rfqActionFor('vendor_responded', 'under_negotiation')).toBe('return_to_qs');
    expect(rfqActionFor('under_negotiation', 'pending_admin_approval')).toBe('recommend');
  });
});

describe('vendor-facing labels', () => {
  it('follow spec 3 §4.1 and show an unknown status raw', () => {
    expect(vendorStatusLabel('pending_vendor_response')).toBe('Action Required');
    expect(vendorStatusLabel('vendor_responded')).toBe('Submitted - Awaiting Review');
    expect(vendorStatusLabel('something_new')).toBe('something_new');
    expect(vendorStatusLabel('approved')).toBe('Approved');
    expect(vendorStatusLabel('not_selected')).toBe('Not selected');
    expect(vendorDetailStatusLabel('pending_admin_approval')).toBe('Under Final Review');
    expect(vendorDetailStatusLabel('approved')).toBe('Selected - Congratulations!');
    expect(vendorDetailStatusLabel('not_selected')).toBe('Not selected');
  });
});

describe('the status a vendor is shown', () => {
  it('keeps Action Required for a vendor who has not quoted while others have', () => {
    expect(vendorFacingStatus('vendor_responded', false, false)).toBe('pending_vendor_response');
    expect(vendorFacingStatus('vendor_responded', true, false)).toBe('vendor_responded');
    expect(vendorFacingStatus('pending_vendor_response', true, false)).toBe('pending_vendor_response');
    // Nor that another is negotiating or being approved: they may still quote.
    for (const status of ['under_negotiation', 'pending_admin_approval'] as const) {
      expect(vendorFacingStatus(status, false, false)).toBe('pending_vendor_response');
      expect(vendorFacingStatus(status, true, false)).toBe(status);
      expect(vendorMayQuote(status, false)).toBe(true);
      expect(vendorMayQuote(status, true)).toBe(false);
    }
    expect(vendorMayQuote('approved', false)).toBe(false);
    expect(vendorMayQuote('vendor_responded', true)).toBe(true);
  });

  it('shows an approved RFQ as approved to the vendor selected only, as not selected to the others', () => {
    expect(vendorFacingStatus('approved', true, true)).toBe('approved');
    expect(vendorFacingStatus('approved', true, false)).toBe('not_selected');
    expect(vendorFacingStatus('approved', false, false)).toBe('not_selected');
    expect(vendorFacingStatus('rejected', true, false)).toBe('rejected');
  });

  it('shows a sealed RFQ whose bids closed before they bid as Bids Closed, whatever others did', () => {
    for (const status of ['pending_vendor_response', 'vendor_responded', 'under_negotiation'] as const) {
      expect(vendorFacingStatus(status, false, false, true)).toBe('bids_closed');
      expect(vendorFacingStatus(status, true, false, true)).toBe(status);
    }
    expect(vendorFacingStatus('approved', false, false, true)).toBe('not_selected');
    expect(vendorFacingStatus('cancelled', false, false, true)).toBe('cancelled');
    expect(vendorStatusLabel('bids_closed')).toBe('Bids Closed');
  });
});

describe('approving a vendor other than the one recommended', () => {
  it('needs a reason only when the admin approves someone else than the recommended vendor', () => {
    expect(approvalNeedsReason('select_and_approve', 'v-1', 'v-2')).toBe(true);
    expect(approvalNeedsReason('select_and_approve', 'v-1', 'v-1')).toBe(false);
    expect(approvalNeedsReason('select_and_approve', null, 'v-2')).toBe(false);
    expect(approvalNeedsReason('select_and_approve', 'v-1', null)).toBe(false);
    expect(approvalNeedsReason('recommend', 'v-1', 'v-2')).toBe(false);
  });
});
