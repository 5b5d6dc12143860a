import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RFQ_MESSAGES, type VendorRfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubXhr } from '../../../test/xhr.ts';
import { draftFrom, QuoteForm, withTotals } from './quote-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const rfq: VendorRfqDto = {
  id: '7d4f0c62-3f0b-4c43-9a55-2b1d3c4e5f60',
  number: 1042,
  title: 'Slab materials',
  description: '',
  projectId: null,
  project: null,
  status: 'pending_vendor_response',
  statusLabel: 'Action Required',
  createdBy: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  dueDate: null,
  sealed: false,
  bidDeadline: null,
  openedAt: null,
  items: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Cement 50 kg',
      description: '',
      quantity: 100,
      unit: 'bags',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Rebar 16 mm',
      description: '',
      quantity: 2.5,
      unit: 'tonnes',
    },
  ],
  attachments: [],
  response: null,
  responses: [],
  selectedVendorId: null,
  isSelected: false,
  totalAmount: null,
  canQuote: true,
  negotiations: [],
  purchaseOrder: null,
};

describe('the quote draft', () => {
  it('computes line totals and the grand total to the kobo', () => {
    const draft = draftFrom(rfq, 'vendor-1');
    draft.items[0]!.unitPrice = 0.1;
    draft.items[1]!.unitPrice = 420_000.33;
    const totals = withTotals(draft);
    expect(totals.items.map((item) => item.totalPrice)).toEqual([10, 1_050_000.83]);
    expect(totals.totalAmount).toBe(1_050_010.83);
  });
});

describe('QuoteForm', () => {
  it('refuses to send without every unit price, then sends the prices with the read-only totals shown', async () => {
    const requests = stubXhr();
    const done = vi.fn();
    renderWithProviders(<QuoteForm rfq={rfq} vendorId="vendor-1" onDone={done} />, {
      user: buildUser({ role: 'vendor' }),
    });
    await userEvent.type(screen.getByLabelText('Unit price of Cement 50 kg'), '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Response' }));
    expect(await screen.findByText('Please provide unit prices for all items.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Unit price of Rebar 16 mm'), '400000.50');
    expect(screen.getByLabelText('Total price of Rebar 16 mm')).toHaveValue('₦1,000,001.25');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₦1,500,001.25');
    expect(screen.getByLabelText('Unit price of Cement 50 kg')).toHaveAttribute('step', '0.01');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Response' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0]!;
    expect(request.url).toBe(`/api/rfqs/${rfq.id}/responses`);
    expect(JSON.parse(String(request.body!.get('items')))).toEqual([
      { itemId: rfq.items[0]!.id, unitPrice: 5000, totalPrice: 500000, notes: '' },
      { itemId: rfq.items[1]!.id, unitPrice: 400000.5, totalPrice: 1000001.25, notes: '' },
    ]);
    act(() => request.respond(201, { success: true, response: {}, message: 'ok' }));
    expect(await screen.findByText('Response Submitted')).toBeInTheDocument();
    expect(done).toHaveBeenCalled();
  });

  it('says at once that a price has more than two decimals, and totals nothing for it', async () => {
    renderWithProviders(<QuoteForm rfq={rfq} vendorId="vendor-1" onDone={vi.fn()} />, {
      user: buildUser({ role: 'vendor' }),
    });
    await userEvent.type(screen.getByLabelText('Unit price of Cement 50 kg'), '5000');
    await userEvent.type(screen.getByLabelText('Unit price of Rebar 16 mm'), '3500.333');
    expect(screen.getByRole('alert')).toHaveTextContent(RFQ_MESSAGES.priceDecimals);
    expect(screen.getByLabelText('Total price of Rebar 16 mm')).toHaveValue('—');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₦500,000.00');
    await userEvent.type(screen.getByLabelText('Unit price of Rebar 16 mm'), '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Total price of Rebar 16 mm')).toHaveValue('₦8,750.83');
  });
});
