import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EarlierRoundItems } from './earlier-round-items.tsx';

const negotiation = {
  id: 'n-1',
  items: [
    {
      id: 'ni-1',
      itemId: 'i-1',
      item: { name: 'Cement 42.5R', description: '', quantity: 100, unit: 'bags' },
      originalUnitPrice: 5000,
      originalTotalPrice: 500_000,
      negotiatedUnitPrice: 4500,
      negotiatedTotalPrice: 450_000,
      negotiationNotes: '',
      counterUnitPrice: 4800,
      counterTotalPrice: 480_000,
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the items of an earlier negotiation round', () => {
  it('load only when asked for, and a failed load can be retried', async () => {
    let fail = true;
    const { calls } = mockFetch(() =>
      fail
        ? jsonResponse(500, { success: false, error: 'Server unavailable' })
        : jsonResponse(200, { success: true, negotiation }),
    );
    renderWithProviders(<EarlierRoundItems rfqId="rfq-1" negotiationId="n-1" itemCount={1} />);
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show 1 item' }));
    expect(await screen.findByText('Failed to load the items')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/rfqs/rfq-1/negotiations/n-1' });
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Cement 42.5R')).toBeInTheDocument();
    expect(screen.getByText('Counter: ₦4,800.00 (total ₦480,000.00)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide items' }));
    expect(screen.queryByText('Cement 42.5R')).not.toBeInTheDocument();
  });
});
