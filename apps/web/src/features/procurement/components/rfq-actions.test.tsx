import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RfqActions } from './rfq-actions.tsx';

afterEach(() => vi.unstubAllGlobals());

const VENDOR = {
  id: '8c9d0e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f',
  name: 'Obi Building Materials Ltd',
  email: 'v@t.ng',
};

const rfq: RfqDto = {
  id: 'rfq-1',
  number: 1001,
  title: 'Cement and reinforcement',
  description: '',
  projectId: null,
  project: null,
  status: 'vendor_responded',
  createdBy: null,
  createdAt: '2026-11-19T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  dueDate: null,
  items: [],
  vendors: [],
  responses: [
    {
      id: 'r-1',
      vendorId: VENDOR.id,
      vendor: VENDOR,
      totalAmount: 2_776_000,
      submittedAt: '2026-11-19T12:00:00.000Z',
      updatedAt: '2026-11-19T12:00:00.000Z',
      status: 'submitted',
      notes: '',
      isLate: false,
      attachments: [],
      items: [],
    },
  ],
  attachments: [],
  history: [],
  selectedVendorId: null,
  recommendedVendorId: null,
  negotiations: [],
  purchaseOrder: null,
};

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
});
