import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryItemDto } from '@trowel/shared/inventory/inventory.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { InventoryRequestForm } from './inventory-request-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const item: InventoryItemDto = {
  id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  name: 'Cement',
  category: 'Binders',
  quantity: 120,
  unit: 'bags',
  lowStockThreshold: 10,
  isLowStock: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const project = { id: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e', title: 'Ikoyi Towers' };

describe('InventoryRequestForm', () => {
  it('asks for the quantity and project, refuses a fraction, then sends the request', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'GET'
        ? jsonResponse(200, { success: true, projects: [project] })
        : jsonResponse(201, { success: true, request: {}, history: [] }),
    );
    const done = vi.fn();
    renderWithProviders(<InventoryRequestForm item={item} onDone={done} />, {
      user: buildUser({ role: 'team_member' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Missing Fields')).toBeInTheDocument();
    expect(screen.getByText('Item, quantity, and project are required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Quantity (bags)'), '2.5');
    await userEvent.selectOptions(screen.getByLabelText('Project'), project.id);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Please enter a valid quantity.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Quantity (bags)'));
    await userEvent.type(screen.getByLabelText('Quantity (bags)'), '30');
    await userEvent.type(screen.getByLabelText('Notes'), 'For the slab');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/inventory/requests',
      body: {
        inventoryItemId: item.id,
        projectId: project.id,
        quantityRequested: 30,
        notes: 'For the slab',
        itemName: 'Cement',
      },
    });
  });
});
