import { describe, expect, it } from 'vitest';
import { VENDOR_RFQ_STATUSES } from '../procurement/rfq.labels.ts';
import { acceptedNegotiationNote } from './accepted-note.ts';

describe('what an accepted negotiation tells its vendor', () => {
  it('waits for final approval only while the decision is still to come', () => {
    for (const status of VENDOR_RFQ_STATUSES) {
      const note = acceptedNegotiationNote(status, false);
      expect(note.includes('Waiting for final approval'), status).toBe(
        status === 'under_negotiation' || status === 'pending_admin_approval',
      );
    }
  });

  it('tells the vendor awarded that these are their order’s prices, and the others that another was chosen', () => {
    expect(acceptedNegotiationNote('approved', true)).toBe(
      'You have accepted this negotiation. The RFQ was awarded to you at these prices.',
    );
    expect(acceptedNegotiationNote('approved', false)).toBe('You have accepted this negotiation.');
    expect(acceptedNegotiationNote('not_selected', false)).toBe(
      'You have accepted this negotiation. Another quotation was selected.',
    );
  });
});
