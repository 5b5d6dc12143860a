import { render, screen } from '@testing-library/react';
import type { RfqHistoryEntry } from '@trowel/shared/procurement/rfq.schemas.ts';
import { describe, expect, it } from 'vitest';
import { RfqHistory } from './rfq-history.tsx';

const entry = (id: string, description: string): RfqHistoryEntry => ({
  id,
  action: 'record_response',
  user: { name: 'Kelechi Obi' },
  performedAt: '2026-11-20T10:00:00.000Z',
  description,
  fromStatus: 'pending_vendor_response',
  toStatus: 'vendor_responded',
});

describe('the RFQ history', () => {
  it('shows the amounts of its steps as naira, not as stored', () => {
    render(
      <RfqHistory
        history={[
          entry('1', 'Quotation submitted: Obi Building Materials Ltd, total 2776000.00 NGN'),
          entry('2', 'Negotiate: Negotiation #1 sent to Obi Building Materials Ltd: 2704000.00 NGN'),
          entry('3', 'Send to Vendors'),
        ]}
      />,
    );
    const history = screen.getByRole('list', { name: 'RFQ history' });
    expect(history).toHaveTextContent('Quotation submitted: Obi Building Materials Ltd, total ₦2,776,000.00');
    expect(history).toHaveTextContent('Negotiation #1 sent to Obi Building Materials Ltd: ₦2,704,000.00');
    expect(history).toHaveTextContent('Send to Vendors');
    expect(history).not.toHaveTextContent('NGN');
  });
});
