import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaterialRequestDto } from '@trowel/shared/material-requests/material-request.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StoreUpdateForm } from './material-request-actions.tsx';

afterEach(() => vi.unstubAllGlobals());

const request: MaterialRequestDto = {
  id: 'mr-1',
  projectId: 'p1',
  projectTitle: 'Ikoyi Towers',
  projectLeadId: 'lead-1',
  items: [{ id: 'i1', name: 'bags of cement', quantity: 120 }],
  notes: '',
  leadReviewNotes: null,
  requestedBy: 'Emeka Engineer',
  requestedById: 'engineer-1',
  status: 'approved_by_lead',
  storeStatus: null,
  storeKeeperNotes: null,
  storeTimestamp: null,
  timestamp: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('StoreUpdateForm', () => {
  it('asks for a store status first, then sends it with the notes', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, materialRequest: request, history: [] }),
    );
    renderWithProviders(<StoreUpdateForm request={request} />, { user: buildUser({ role: 'store_keeper' }) });
    await userEvent.type(screen.getByLabelText('Store keeper notes'), ' Half today ');
    await userEvent.click(screen.getByRole('button', { name: 'Update Store Status' }));
    expect(await screen.findByText('Please choose a store status.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Store status'), 'partially_delivered');
    await userEvent.click(screen.getByRole('button', { name: 'Update Store Status' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/material-requests/mr-1',
      body: { storeStatus: 'partially_delivered', storeKeeperNotes: 'Half today' },
    });
  });
});
