import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildNegotiation, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CounterOfferForm } from './counter-offer-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const item = (itemId: string, name: string, quantity: number, price: number) => ({
  id: `${itemId.slice(0, -1)}f`,
  itemId,
  item: { name, description: '', quantity, unit: 'bags' },
  originalUnitPrice: price + 500,
  originalTotalPrice: (price + 500) * quantity,
  negotiatedUnitPrice: price,
  negotiatedTotalPrice: price * quantity,
  negotiationNotes: '',
  counterUnitPrice: null,
  counterTotalPrice: null,
});

const negotiation = buildNegotiation({
  id: '7e0c5d1a-2b3c-4d5e-8f60-7a8b9c0d1e20',
  negotiatedBy: null,
  items: [
    item('7e0c5d1a-2b3c-4d5e-8f60-7a8b9c0d1e21', 'Cement', 100, 4500),
    item('7e0c5d1a-2b3c-4d5e-8f60-7a8b9c0d1e22', 'Lime', 10, 2000),
  ],
  originalTotal: 475_000,
  totalAmount: 470_000,
});

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

describe('CounterOfferForm', () => {
  it('refuses prices of 0 with the spec texts, then sends each counter price and the new total', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, negotiation, message: 'Counter offer submitted successfully.' }),
    );
    renderRoutes(
      [
        { path: '/counter', element: <CounterOfferForm rfqId="rfq-1" negotiation={negotiation} /> },
        { path: '*', element: <WhereAmI /> },
      ],
      { at: '/counter', user: buildUser({ role: 'vendor' }) },
    );
    const cement = screen.getByLabelText('Counter price for Cement');
    const lime = screen.getByLabelText('Counter price for Lime');
    await userEvent.clear(cement);
    await userEvent.clear(lime);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Counter Offer' }));
    expect(await screen.findAllByText('Price must be greater than 0')).toHaveLength(2);
    expect(screen.getByText('Total amount must be greater than 0')).toBeInTheDocument();
    expect(await screen.findByText('Please fix the errors before submitting.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(cement, '4700');
    await userEvent.type(lime, '2000.5');
    expect(screen.getByTestId('counter-total')).toHaveTextContent('₦490,005.00');
    await userEvent.type(screen.getByLabelText('Counter Offer Notes'), ' Delivery included ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Counter Offer' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/rfqs/rfq-1');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: `/rfqs/rfq-1/negotiations/${negotiation.id}/counter`,
      body: {
        negotiationId: negotiation.id,
        items: [
          { itemId: negotiation.items[0]!.itemId, counterUnitPrice: 4700, counterTotalPrice: 470_000 },
          { itemId: negotiation.items[1]!.itemId, counterUnitPrice: 2000.5, counterTotalPrice: 20_005 },
        ],
        notes: 'Delivery included',
        totalAmount: 490_005,
      },
    });
  });
});
