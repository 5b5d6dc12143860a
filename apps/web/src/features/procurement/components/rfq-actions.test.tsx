import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRfq, buildUser, buildVendorResponse } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RfqActions } from './rfq-actions.tsx';

afterEach(() => vi.unstubAllGlobals());

const VENDOR = {
  id: '8c9d0e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f',
  name: 'Obi Building Materials Ltd',
  email: 'v@t.ng',
};

const rfq = buildRfq({ status: 'vendor_responded', responses: [buildVendorResponse(VENDOR)] });

describe('RfqActions', () => {
  it('asks for a vendor who quoted before recommending, then sends the step with its notes', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, rfq }));
    renderWithProviders(<RfqActions rfq={rfq} role="quantity_surveyor" />, {
      user: buildUser({ role: 'quantity_surveyor' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Recommend for Approval' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Recommend for Approval' }));
    expect(await screen.findByText('Choose a vendor who quoted.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText(/Vendor/), VENDOR.id);
    await userEvent.type(screen.getByLabelText('Notes'), 'Lowest total');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Recommend for Approval' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/rfqs/rfq-1/status',
      body: { status: 'pending_admin_approval', notes: 'Lowest total', vendorId: VENDOR.id },
    });
    expect(await screen.findByText('Recommend for Approval: done')).toBeInTheDocument();
  });

  it('asks the admin for a reason before approving a vendor other than the recommended one', async () => {
    const other = { ...VENDOR, id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Adeyemi Steel Ltd' };
    const awaiting = buildRfq({
      status: 'pending_admin_approval',
      recommendedVendorId: VENDOR.id,
      responses: [buildVendorResponse(VENDOR), buildVendorResponse(other)],
    });
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, rfq: awaiting }));
    renderWithProviders(<RfqActions rfq={awaiting} role="admin" />, { user: buildUser({ role: 'admin' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Select & Approve' }));
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/Vendor/), other.id);
    expect(screen.getByText(/Obi Building Materials Ltd was recommended/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Select & Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Give a reason for approving a vendor other than the one recommended.',
    );
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Reason/), 'Faster delivery');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Select & Approve' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ status: 'approved', notes: 'Faster delivery', vendorId: other.id });
  });

  it('offers the vendor the QS recommended when the admin opens the approval, also after the RFQ changed on screen', async () => {
    const recommended = buildRfq({
      status: 'pending_admin_approval',
      recommendedVendorId: VENDOR.id,
      responses: [buildVendorResponse(VENDOR)],
    });
    // The admin had the RFQ open before the QS recommended; the screen then shows it as it is now.
    function OpenBefore() {
      const [shown, setShown] = useState(rfq);
      return (
        <>
          <button onClick={() => setShown(recommended)}>Refreshed</button>
          <RfqActions rfq={shown} role="admin" />
        </>
      );
    }
    renderWithProviders(<OpenBefore />, { user: buildUser({ role: 'admin' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Refreshed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select & Approve' }));
    expect(screen.getByLabelText(/Vendor/)).toHaveValue(VENDOR.id);
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
  });
});
