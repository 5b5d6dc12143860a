import { render, screen } from '@testing-library/react';
import { historyAmount } from '@trowel/shared/workflow/history-amounts.ts';
import { describe, expect, it } from 'vitest';
import { StatusHistory } from './status-history.tsx';

describe('a workflow’s history', () => {
  it('shows amounts in the remarks as naira, whatever the workflow', () => {
    render(
      <StatusHistory
        labels={{ approve_final_terms: 'Approve Final Terms' }}
        history={[
          {
            id: 'h-1',
            action: 'approve_final_terms',
            fromStatus: 'under_negotiation',
            toStatus: 'pending_admin_approval',
            remarks: `Final terms with Obi Building Materials Ltd: ${historyAmount(2_704_000)}`,
            actor: { id: 'u-1', name: 'Ibrahim Musa', role: 'quantity_surveyor' },
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ]}
      />,
    );
    expect(screen.getByText('Approve Final Terms')).toBeInTheDocument();
    expect(
      screen.getByText('Final terms with Obi Building Materials Ltd: ₦2,704,000.00'),
    ).toBeInTheDocument();
  });
});
