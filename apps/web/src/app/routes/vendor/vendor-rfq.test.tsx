import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, buildVendorRfq } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VendorRfqRoute } from './vendor-rfq.tsx';

afterEach(() => vi.unstubAllGlobals());

describe("a vendor's sealed RFQ left open across its deadline", () => {
  it('asks the server again when bids close, then says so and takes the bid form away', async () => {
    const deadline = new Date(Date.now() + 1_500).toISOString();
    const open = buildVendorRfq({
      id: 'rfq-1',
      sealed: true,
      bidDeadline: deadline,
      openedAt: null,
      canQuote: true,
      status: 'pending_vendor_response',
      statusLabel: 'Action Required',
    });
    const closed = { ...open, canQuote: false, status: 'bids_closed' as const, statusLabel: 'Bids Closed' };
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, rfq: Date.now() >= Date.parse(deadline) ? closed : open }),
    );
    // jsdom lays nothing out: the scroll to the quote form has nowhere to go.
    Element.prototype.scrollIntoView = vi.fn();
    const vendor = buildUser({ id: 'v-1', role: 'vendor' });
    renderWithProviders(<VendorRfqRoute />, { user: vendor, path: '/rfqs/:id', at: '/rfqs/rfq-1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Quote' }));
    expect(screen.getByText('Sealed bid')).toBeVisible();

    expect(await screen.findByText('Bids closed', {}, { timeout: 6_000 })).toBeVisible();
    expect(screen.getByText('Bids Closed')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Submit Quote|Update Quote/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit|Send/ })).toBeNull();
    expect(calls.filter((call) => call.path === '/rfqs/rfq-1').length).toBe(2);
  });
});
