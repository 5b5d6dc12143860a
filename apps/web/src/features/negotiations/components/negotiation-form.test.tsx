import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { NegotiationForm, type NegotiationSubject } from './negotiation-form.tsx';

// Ids as the server gives them: the form checks its body with the shared schema before sending.
const VENDOR_ID = '0d6a1f6e-1b2c-4d3e-8f40-5a6b7c8d9e01';
const ITEM_IDS = ['0d6a1f6e-1b2c-4d3e-8f40-5a6b7c8d9e02', '0d6a1f6e-1b2c-4d3e-8f40-5a6b7c8d9e03'] as const;

const subject: NegotiationSubject = {
  rfq: { id: 'rfq-1', number: 1042, title: 'Slab materials' },
  vendor: { id: VENDOR_ID, name: 'Lagos Cement Co', email: 'sales@lagoscement.test' },
  response: {
    totalAmount: 740_000,
    notes: 'Delivery in 3 days',
    items: [
      {
        itemId: ITEM_IDS[0],
        item: { name: 'Cement', description: '', quantity: 100, unit: 'bags' },
        unitPrice: 5000,
        totalPrice: 500_000,
        notes: '',
      },
      {
        itemId: ITEM_IDS[1],
        item: { name: 'Sand', description: '', quantity: 3, unit: 'trips' },
        unitPrice: 80_000,
        totalPrice: 240_000,
        notes: '',
      },
    ],
  },
};

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderForm() {
  return renderRoutes(
    [
      { path: '/negotiate', element: <NegotiationForm subject={subject} /> },
      { path: '*', element: <WhereAmI /> },
    ],
    { at: '/negotiate', user: null },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the negotiation form', () => {
  it('shows the savings to one decimal as prices change', async () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Negotiate with Vendor' })).toBeInTheDocument();
    expect(screen.getByText('RFQ #1042')).toBeInTheDocument();
    const cement = screen.getByLabelText('Negotiated unit price for Cement');
    expect(cement).toHaveAttribute('step', '0.01');
    await userEvent.clear(cement);
    await userEvent.type(cement, '4500');
    expect(screen.getByTestId('negotiated-total')).toHaveTextContent('₦690,000.00');
    expect(screen.getAllByText('Savings')[0]?.parentElement).toHaveTextContent('₦50,000.00 (6.8%)');
  });

  it('refuses a zero price and empty terms with the spec texts, sending nothing', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderForm();
    const sand = screen.getByLabelText('Negotiated unit price for Sand');
    await userEvent.clear(sand);
    await userEvent.type(sand, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Send Negotiation' }));
    expect(await screen.findByText('Negotiated price must be greater than 0')).toBeInTheDocument();
    expect(
      screen.getByText('Please provide negotiation notes explaining the price changes'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please fix the errors before submitting.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends each item with its notes and goes back to the RFQ', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(201, {
        success: true,
        negotiation: {},
        message: 'Negotiation sent to vendor successfully.',
      }),
    );
    renderForm();
    const cement = screen.getByLabelText('Negotiated unit price for Cement');
    await userEvent.clear(cement);
    await userEvent.type(cement, '4750.5');
    const firstItem = screen.getAllByRole('group')[0]!;
    await userEvent.type(within(firstItem).getByLabelText('Item negotiation notes'), 'Bulk order');
    await userEvent.type(screen.getByLabelText(/Negotiation terms/), 'Monthly orders for a year');
    await userEvent.click(screen.getByRole('button', { name: 'Send Negotiation' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/procurement/rfqs/rfq-1');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/rfqs/rfq-1/negotiate',
      body: {
        vendorId: VENDOR_ID,
        negotiationNotes: 'Monthly orders for a year',
        isCounterOffer: false,
        items: [
          {
            itemId: ITEM_IDS[0],
            negotiatedUnitPrice: 4750.5,
            negotiatedTotalPrice: 475_050,
            negotiationNotes: 'Bulk order',
          },
          {
            itemId: ITEM_IDS[1],
            negotiatedUnitPrice: 80_000,
            negotiatedTotalPrice: 240_000,
            negotiationNotes: '',
          },
        ],
        totalAmount: 715_050,
      },
    });
    expect(await screen.findByText('Negotiation sent to vendor successfully.')).toBeInTheDocument();
  });
});
