import { describe, expect, it } from 'vitest';
import { machineCases, outcomeOf } from './machine-cases.ts';
import {
  NEGOTIATION_STATUSES,
  negotiationMachine,
  negotiationStatusLabel,
  type NegotiationStatus,
} from './negotiation.machine.ts';
import type { Role } from '../auth/roles.ts';

/**
 * Spec 3 §4.2: the vendor accepts, rejects or counters, only while the negotiation awaits them; an offer
 * still awaiting them is withdrawn by procurement staff's RFQ step that ends the negotiation.
 */
const allowed: ReadonlyArray<
  readonly [NegotiationStatus, 'accept' | 'reject' | 'counter' | 'withdraw', Role, NegotiationStatus]
> = [
  ['pending_vendor_response', 'accept', 'vendor', 'vendor_accepted'],
  ['pending_vendor_response', 'reject', 'vendor', 'vendor_rejected'],
  ['pending_vendor_response', 'counter', 'vendor', 'vendor_counter_offered'],
  ['pending_vendor_response', 'withdraw', 'admin', 'withdrawn'],
  ['pending_vendor_response', 'withdraw', 'quantity_surveyor', 'withdrawn'],
];

describe('negotiation machine', () => {
  const cases = machineCases(negotiationMachine, allowed);

  it('covers every (status, action, role) triple as the spec gives it', () => {
    expect(cases).toHaveLength(5 * 4 * 10);
    for (const triple of cases) {
      expect(outcomeOf(negotiationMachine, triple, undefined), JSON.stringify(triple)).toBe(triple.expected);
    }
  });

  it('refuses staff before looking at the state, and a second answer by the state', () => {
    expect(negotiationMachine.check('pending_vendor_response', 'accept', 'quantity_surveyor')).toEqual({
      allowed: false,
      refusal: 'role',
    });
    expect(negotiationMachine.check('pending_vendor_response', 'accept', 'admin')).toEqual({
      allowed: false,
      refusal: 'role',
    });
    expect(negotiationMachine.check('vendor_accepted', 'reject', 'vendor')).toEqual({
      allowed: false,
      refusal: 'state',
    });
  });

  it('offers the vendor its three answers only while the negotiation awaits them', () => {
    expect(negotiationMachine.actionsFor('pending_vendor_response', 'vendor')).toEqual([
      'accept',
      'reject',
      'counter',
    ]);
    expect(negotiationMachine.actionsFor('vendor_counter_offered', 'vendor')).toEqual([]);
    expect(negotiationMachine.actionsFor('pending_vendor_response', 'quantity_surveyor')).toEqual([
      'withdraw',
    ]);
    expect(negotiationMachine.actionsFor('withdrawn', 'vendor')).toEqual([]);
  });

  it('labels each status as the vendor sees it, and an unknown one raw', () => {
    expect(negotiationStatusLabel('pending_vendor_response')).toBe('Pending Your Response');
    expect(negotiationStatusLabel('vendor_counter_offered')).toBe('Counter Offered');
    expect(negotiationStatusLabel('withdrawn')).toBe('Withdrawn');
    expect(negotiationStatusLabel('expired')).toBe('expired');
  });

  it('labels each status for procurement staff without the vendor’s "Your"', () => {
    expect(negotiationStatusLabel('pending_vendor_response', 'staff')).toBe('Awaiting Vendor');
    expect(negotiationStatusLabel('vendor_accepted', 'staff')).toBe('Vendor Accepted');
    expect(negotiationStatusLabel('vendor_counter_offered', 'staff')).toBe('Vendor Countered');
    expect(negotiationStatusLabel('expired', 'staff')).toBe('expired');
    for (const status of NEGOTIATION_STATUSES) {
      expect(negotiationStatusLabel(status, 'staff')).not.toMatch(/your/i);
    }
  });
});
