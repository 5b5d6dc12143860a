import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildNegotiation } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PriceNegotiationsCard } from './price-negotiations-card.tsx';

/** The card as the vendor's RFQ shows it while the RFQ is under negotiation. */
const UNDER_NEGOTIATION = { rfqStatus: 'under_negotiation', orderNegotiationId: null } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the vendor's Price Negotiations card", () => {
  it('shows the offer with the original price struck through, and accepts it once the amount is confirmed', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, {
        success: true,
        negotiation: buildNegotiation({ status: 'vendor_accepted' }),
        message: 'ok',
      }),
    );
    renderWithProviders(
      <PriceNegotiationsCard rfqId="rfq-1" negotiations={[buildNegotiation()]} {...UNDER_NEGOTIATION} />,
    );
    expect(screen.getByText('Pending Your Response')).toBeInTheDocument();
    expect(screen.getByLabelText('Original price ₦5,000.00').tagName).toBe('S');
    expect(screen.getByText('₦4,500.00')).toBeInTheDocument();
    expect(screen.getByText('Bulk discount')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Counter Offer' })).toHaveAttribute(
      'href',
      '/rfqs/rfq-1/negotiations/n-1/counter',
    );
    // One tap only asks: the dialog names the amount, and cancelling sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Accept Negotiation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept negotiation #7?' });
    expect(dialog).toHaveTextContent('₦450,000.00 in total, against your quote of ₦500,000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Accept Negotiation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept ₦450,000.00' }));
    expect(await screen.findByText('Negotiation accepted successfully.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/rfqs/rfq-1/negotiations/n-1/accept' });
  });

  it('shows the vendor their own counter offer with the notes they wrote', () => {
    renderWithProviders(
      <PriceNegotiationsCard
        rfqId="rfq-1"
        negotiations={[
          buildNegotiation({
            status: 'vendor_counter_offered',
            counterTotalAmount: 470_000,
            counterNotes: 'Best we can do given cement prices this month.',
          }),
        ]}
        {...UNDER_NEGOTIATION}
      />,
    );
    expect(screen.getByText('₦470,000.00')).toBeInTheDocument();
    expect(
      screen.getByText('Your notes: Best we can do given cement prices this month.'),
    ).toBeInTheDocument();
  });

  it('asks for an optional reason before rejecting, and sends nothing when the prompt is cancelled', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, negotiation: buildNegotiation(), message: 'ok' }),
    );
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValueOnce('Too low');
    renderWithProviders(
      <PriceNegotiationsCard rfqId="rfq-1" negotiations={[buildNegotiation()]} {...UNDER_NEGOTIATION} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Negotiation rejected.')).toBeInTheDocument();
    expect(prompt).toHaveBeenCalledTimes(2);
    expect(calls[0]).toMatchObject({
      path: '/rfqs/rfq-1/negotiations/n-1/reject',
      body: { reason: 'Too low' },
    });
  });

  it('says what was decided, without the answer buttons', () => {
    renderWithProviders(
      <PriceNegotiationsCard
        rfqId="rfq-1"
        negotiations={[
          buildNegotiation({ id: 'a', status: 'vendor_accepted' }),
          buildNegotiation({ id: 'b', number: 8, status: 'vendor_rejected', rejectionReason: 'Below cost' }),
        ]}
        {...UNDER_NEGOTIATION}
      />,
    );
    expect(
      screen.getByText('You have accepted this negotiation. Waiting for final approval.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/You have rejected this negotiation\. Reason: Below cost/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Negotiation' })).not.toBeInTheDocument();
  });

  it('shows a withdrawn offer with why, and nothing to answer', () => {
    mockFetch(() => jsonResponse(500, {}));
    renderWithProviders(
      <PriceNegotiationsCard
        rfqId="rfq-1"
        negotiations={[buildNegotiation({ status: 'withdrawn' })]}
        {...UNDER_NEGOTIATION}
      />,
    );
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
    expect(
      screen.getByText('This negotiation was withdrawn: the RFQ is no longer under negotiation.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Negotiation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Counter Offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('no longer waits for final approval once the RFQ was decided', () => {
    const accepted = [buildNegotiation({ status: 'vendor_accepted' })];
    const awarded = renderWithProviders(
      <PriceNegotiationsCard
        rfqId="rfq-1"
        negotiations={accepted}
        rfqStatus="approved"
        orderNegotiationId="n-1"
      />,
    );
    expect(
      screen.getByText('You have accepted this negotiation. The RFQ was awarded to you at these prices.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for final approval/)).not.toBeInTheDocument();
    awarded.unmount();
    renderWithProviders(
      <PriceNegotiationsCard
        rfqId="rfq-1"
        negotiations={accepted}
        rfqStatus="not_selected"
        orderNegotiationId={null}
      />,
    );
    expect(
      screen.getByText('You have accepted this negotiation. Another quotation was selected.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for final approval/)).not.toBeInTheDocument();
  });
});
