import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaterialRequestDto } from '@trowel/shared/material-requests/material-request.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StoreUpdateForm } from './material-request-actions.tsx';
import { MaterialRequestCard } from './material-request-card.tsx';

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
  status: 'pending_lead_approval',
  storeStatus: null,
  storeKeeperNotes: null,
  storeTimestamp: null,
  timestamp: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('MaterialRequestCard', () => {
  it('tells the lead what their review did, in words', { timeout: 30_000 }, async () => {
    mockFetch(() => jsonResponse(200, { success: true, materialRequest: request, history: [] }));
    renderWithProviders(
      <MaterialRequestCard request={request} user={buildUser({ id: 'lead-1', role: 'project_lead' })} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Return for Review' }));
    expect(await screen.findByText('Request returned to its requester for review')).toBeInTheDocument();
  });

  it('resubmits a returned request with its new quantities and says so', { timeout: 30_000 }, async () => {
    const returned = { ...request, status: 'needs_review_by_engineer' as const, leadReviewNotes: 'Too many' };
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, materialRequest: request, history: [] }),
    );
    renderWithProviders(
      <MaterialRequestCard request={returned} user={buildUser({ id: 'engineer-1', role: 'team_member' })} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit & Resubmit' }));
    const quantity = screen.getByLabelText('Item 1 quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '80');
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit Request' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/material-requests/mr-1',
      body: { status: 'pending_lead_approval', items: [{ name: 'bags of cement', quantity: 80 }] },
    });
    expect(await screen.findByText('Request resubmitted')).toBeInTheDocument();
  });
});

describe('StoreUpdateForm', () => {
  it('asks for a store status first, then sends it with the notes', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, materialRequest: request, history: [] }),
    );
    renderWithProviders(<StoreUpdateForm request={{ ...request, status: 'approved_by_lead' }} />, {
      user: buildUser({ role: 'store_keeper' }),
    });
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
