import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryRequestDto } from '@trowel/shared/inventory/inventory.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { InventoryRequestCard } from './inventory-request-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const request: InventoryRequestDto = {
  id: '0123456789abcdef-0000-4000-8000-000000000000',
  inventoryItemId: 'item-1',
  itemName: 'Cement',
  unit: 'bags',
  projectId: 'p1',
  projectTitle: 'Ikoyi Towers',
  quantityRequested: 30,
  quantityApproved: null,
  notes: '',
  storeKeeperNotes: null,
  adminNotes: null,
  projectLeadNotes: null,
  requestedBy: 'Emeka Engineer',
  requestedById: 'engineer-1',
  status: 'pending_store_keeper_approval',
  timestamp: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('InventoryRequestCard', () => {
  it('shows the id in 8 characters and the status label; the requester has no actions while pending', () => {
    renderWithProviders(
      <InventoryRequestCard request={request} user={buildUser({ id: 'engineer-1', role: 'team_member' })} />,
    );
    expect(screen.getByText('#01234567')).toBeInTheDocument();
    expect(screen.getByText('Pending Store Keeper Approval')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['History']);
    renderWithProviders(
      <InventoryRequestCard
        request={{ ...request, status: 'approved' }}
        user={buildUser({ role: 'store_keeper' })}
      />,
    );
    expect(screen.getByText('Approved & Released')).toBeInTheDocument();
  });

  it('writes quantities with thousands separators', () => {
    renderWithProviders(
      <InventoryRequestCard
        request={{ ...request, status: 'approved', quantityRequested: 3000, quantityApproved: 2500 }}
        user={buildUser({ role: 'store_keeper' })}
      />,
    );
    expect(screen.getByText('3,000')).toBeInTheDocument();
    expect(screen.getByText('2,500')).toBeInTheDocument();
  });

  it('lets the store keeper partially approve with a quantity and notes', { timeout: 30_000 }, async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, request, history: [] }));
    renderWithProviders(
      <InventoryRequestCard request={request} user={buildUser({ role: 'store_keeper' })} />,
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Quantity to approve (partial)'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Partially Approve' }));
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Quantity to approve (partial)'));
    await userEvent.type(screen.getByLabelText('Quantity to approve (partial)'), '20');
    await userEvent.type(screen.getByLabelText('Notes'), '20 today');
    await userEvent.click(screen.getByRole('button', { name: 'Partially Approve' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: `/inventory/requests/${request.id}`,
      body: { status: 'partially_approved_by_store', quantityApproved: 20, notes: '20 today' },
    });
  });

  it(
    'asks the store keeper to confirm a release, naming the quantity, and says what left the store',
    { timeout: 30_000 },
    async () => {
      const ready = { ...request, status: 'partially_approved_by_store' as const, quantityApproved: 20 };
      const { calls } = mockFetch(() =>
        jsonResponse(200, { success: true, request: { ...ready, status: 'approved' }, history: [] }),
      );
      renderWithProviders(
        <InventoryRequestCard request={ready} user={buildUser({ role: 'store_keeper' })} />,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Release' }));
      // One tap only opens the question.
      expect(calls).toHaveLength(0);
      const dialog = await screen.findByRole('alertdialog', { name: 'Release 20 bags of Cement?' });
      expect(dialog).toHaveTextContent(
        '20 bags of Cement leave the store for Ikoyi Towers, requested by Emeka Engineer. The stock on hand goes down by 20 bags.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(calls).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Release' }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Release' }),
      );
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]).toMatchObject({ method: 'PUT', body: { status: 'approved' } });
      expect(await screen.findByText('Released 20 bags of Cement')).toBeInTheDocument();
    },
  );
});
