import { defineMachine } from './machine.ts';

/**
 * The states of a price negotiation sent to one vendor (spec 3 §4.2), and `withdrawn`: an offer still
 * awaiting the vendor when the RFQ left negotiation (new quotes requested, final terms approved with
 * another vendor, rejected, cancelled), which can no longer be answered.
 */
export const NEGOTIATION_STATUSES = [
  'pending_vendor_response',
  'vendor_accepted',
  'vendor_rejected',
  'vendor_counter_offered',
  'withdrawn',
] as const;
export type NegotiationStatus = (typeof NEGOTIATION_STATUSES)[number];

/** What the vendor sees on each status chip; an unknown status is shown raw. */
export const NEGOTIATION_STATUS_LABELS = {
  pending_vendor_response: 'Pending Your Response',
  vendor_accepted: 'Accepted',
  vendor_rejected: 'Rejected',
  vendor_counter_offered: 'Counter Offered',
  withdrawn: 'Withdrawn',
} as const satisfies Record<NegotiationStatus, string>;

/** What procurement staff see on the same chips: who the negotiation waits on, or what the vendor did. */
export const NEGOTIATION_STAFF_STATUS_LABELS = {
  pending_vendor_response: 'Awaiting Vendor',
  vendor_accepted: 'Vendor Accepted',
  vendor_rejected: 'Vendor Rejected',
  vendor_counter_offered: 'Vendor Countered',
  withdrawn: 'Withdrawn',
} as const satisfies Record<NegotiationStatus, string>;

/** Who reads a negotiation's status: the vendor it is addressed to, or procurement staff. */
export type NegotiationAudience = 'vendor' | 'staff';

/** The label of a negotiation status for its reader, or the status itself when it is not one we know. */
export function negotiationStatusLabel(status: string, audience: NegotiationAudience = 'vendor'): string {
  const labels = audience === 'vendor' ? NEGOTIATION_STATUS_LABELS : NEGOTIATION_STAFF_STATUS_LABELS;
  return (labels as Record<string, string>)[status] ?? status;
}

/**
 * A negotiation is answered once, by the vendor it is addressed to: accept, reject or counter, only
 * while it awaits them. Staff answer a counter with a new negotiation (a counter negotiation), never by
 * changing this one; that the vendor is the addressee is checked on the object, not here. An offer still
 * awaiting the vendor is withdrawn by the RFQ step that ends the negotiation (procurement staff).
 */
export const negotiationMachine = defineMachine({
  name: 'negotiation',
  states: NEGOTIATION_STATUSES,
  rules: {
    accept: { from: ['pending_vendor_response'], to: 'vendor_accepted', roles: ['vendor'] },
    reject: { from: ['pending_vendor_response'], to: 'vendor_rejected', roles: ['vendor'] },
    counter: { from: ['pending_vendor_response'], to: 'vendor_counter_offered', roles: ['vendor'] },
    withdraw: { from: ['pending_vendor_response'], to: 'withdrawn', roles: ['admin', 'quantity_surveyor'] },
  },
});
export type NegotiationAction = (typeof negotiationMachine.actions)[number];

/** A negotiation still waiting for the vendor: at most one per vendor and RFQ. */
export function awaitsVendor(status: string): boolean {
  return status === 'pending_vendor_response';
}
