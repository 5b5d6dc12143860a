import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListedNegotiationDto } from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRfq, buildUser, buildVendorResponse } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NegotiationThreads } from './negotiation-threads.tsx';

const VENDOR = { id: 'v-1', name: 'Obi Building Materials Ltd', email: 'vendor@trowel.test' };

function round(fields: Partial<ListedNegotiationDto> = {}): ListedNegotiationDto {
  return {
    id: 'n-1',
    number: 1,
    rfqId: 'rfq-1',
    vendorId: VENDOR.id,
    vendor: VENDOR,
    negotiatedBy: { id: 'u-1', name: 'Ibrahim Musa' },
    status: 'pending_vendor_response',
    isCounterOffer: false,
    originalNegotiationId: null,
    items: [],
    itemCount: 0,
    originalTotal: 2_776_000,
    totalAmount: 2_704_000,
    negotiationNotes: 'Bulk cement price',
    rejectionReason: null,
    counterTotalAmount: null,
    counterNotes: null,
    respondedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

const rfq = (negotiation: ListedNegotiationDto) =>
  buildRfq({ responses: [buildVendorResponse(VENDOR)], negotiations: [negotiation] });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the staff’s negotiation threads', () => {
  it('say a sealed bid with no negotiation is sealed, in a sentence, and show a quoted one by its total', () => {
    const { unmount } = renderWithProviders(
      <NegotiationThreads
        rfq={buildRfq({ responses: [buildVendorResponse(VENDOR, { totalAmount: null })], negotiations: [] })}
        role="quantity_surveyor"
      />,
    );
    expect(
      screen.getByText('A sealed bid, its amount hidden until the bids are opened; no negotiation yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Quoted Sealed/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <NegotiationThreads
        rfq={buildRfq({ responses: [buildVendorResponse(VENDOR)], negotiations: [] })}
        role="quantity_surveyor"
      />,
    );
    expect(screen.getByText('Quoted ₦2,776,000.00; no negotiation yet.')).toBeInTheDocument();
  });

  it('label a negotiation waiting on the vendor in staff words, never "Pending Your Response"', () => {
    renderWithProviders(<NegotiationThreads rfq={rfq(round())} role="quantity_surveyor" />);
    expect(screen.getByText('Awaiting Vendor')).toBeInTheDocument();
    expect(screen.queryByText('Pending Your Response')).not.toBeInTheDocument();
  });

  it('approve final terms only once the amount is confirmed', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
    renderWithProviders(
      <NegotiationThreads rfq={rfq(round({ status: 'vendor_accepted' }))} role="quantity_surveyor" />,
      { user: buildUser({ role: 'quantity_surveyor' }) },
    );
    expect(screen.getByText('Vendor Accepted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Final Terms' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve final terms?' });
    expect(dialog).toHaveTextContent(
      'Obi Building Materials Ltd accepted negotiation #1: ₦2,704,000.00 in total, against their quote of ₦2,776,000.00.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Approve Final Terms' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve ₦2,704,000.00' }));
    expect(await screen.findByText('Final terms approved and sent for admin approval.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/rfqs/rfq-1/negotiations/n-1/approve-final-terms',
    });
  });
});
