import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildVendorResponse, buildVendorRfq } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VendorRfqDetail } from './vendor-rfq-detail.tsx';

const sealed = (bidDeadline: string) =>
  buildVendorRfq({ sealed: true, bidDeadline, openedAt: null, canQuote: false });
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe("a sealed RFQ on its vendor's page", () => {
  it('says bids may be replaced until the deadline while it is ahead', () => {
    const deadline = new Date(Date.now() + 3_600_000).toISOString();
    renderWithProviders(<VendorRfqDetail rfq={{ ...sealed(deadline), canQuote: true }} vendorId="v-1" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You may replace your bid with a new one until the deadline.',
    );
    expect(screen.getByRole('button', { name: 'Submit Quote' })).toBeVisible();
  });

  it('says bids closed once the deadline passed, to a vendor who did not bid and to one who did', () => {
    const { unmount } = renderWithProviders(
      <VendorRfqDetail
        rfq={{ ...sealed(anHourAgo()), status: 'bids_closed', statusLabel: 'Bids Closed' }}
        vendorId="v-1"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Bids closedBids closed at .* \(Lagos time\)\. You did not send a bid, and none can be sent now\.$/,
    );
    expect(screen.getByText('Bids Closed')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Submit Quote|Update Quote/ })).toBeNull();
    unmount();

    const response = buildVendorResponse(
      { id: 'v-1', name: 'Obi Building Materials Ltd', email: 'obi@example.com' },
      { totalAmount: null, items: [] },
    );
    renderWithProviders(
      <VendorRfqDetail
        rfq={{ ...sealed(anHourAgo()), status: 'vendor_responded', response, responses: [response] }}
        vendorId="v-1"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your bid stays sealed until a quantity surveyor and an administrator open the bids together',
    );
    expect(screen.queryByText(/replace your bid/)).toBeNull();
  });
});
