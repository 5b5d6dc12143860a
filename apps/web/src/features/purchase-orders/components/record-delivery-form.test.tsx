import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPurchaseOrder, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubXhr } from '../../../test/xhr.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { discardItem } from '../../../lib/outbox/outbox.ts';
import { readItems } from '../../../lib/outbox/outbox-store.ts';
import { RecordDeliveryForm } from './record-delivery-form.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const item of await readItems()) await discardItem(item.id);
});

const order = buildPurchaseOrder();

describe('RecordDeliveryForm', () => {
  it('offers only open lines, asks a reason for a rejection, then sends the lines filled in', async () => {
    const requests = stubXhr();
    const done = vi.fn();
    renderWithProviders(<RecordDeliveryForm order={order} onDone={done} />, {
      user: buildUser({ role: 'store_keeper' }),
    });
    expect(screen.queryByText('Granite')).not.toBeInTheDocument();
    expect(screen.getByText(/up to 60 more/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Received'), '50');
    await userEvent.type(screen.getByLabelText('Rejected'), '3');
    await userEvent.type(screen.getByLabelText('Waybill / delivery note number'), 'WB-7');
    await userEvent.click(screen.getByRole('button', { name: 'Save Delivery' }));
    expect(await screen.findByText('Give a reason for the rejected quantity.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Reason for rejection'), 'Torn');
    await userEvent.click(screen.getByRole('button', { name: 'Save Delivery' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0]!;
    expect(request.url).toBe(`/api/purchase-orders/${order.id}/deliveries`);
    expect(JSON.parse(String(request.body!.get('items')))).toEqual([
      {
        itemId: order.items[0]!.itemId,
        quantityReceived: 50,
        quantityRejected: 3,
        rejectionReason: 'Torn',
        inventoryItemId: null,
      },
    ]);
    expect(request.body!.get('waybillNumber')).toBe('WB-7');
    act(() => request.respond(201, { success: true, delivery: {} }));
    await waitFor(() => expect(done).toHaveBeenCalled());
  });

  it('sends the stores item the keeper chose, of the same unit, for a material kept under another name', async () => {
    const requests = stubXhr();
    const { calls } = mockFetch(() =>
      jsonResponse(200, {
        success: true,
        items: [
          {
            id: 'aaaaaaaa-1111-4111-8111-111111111111',
            name: 'Portland cement 42.5',
            unit: 'Bags',
            quantity: 300,
          },
          {
            id: 'bbbbbbbb-1111-4111-8111-111111111111',
            name: 'Portland cement bulk',
            unit: 'tonnes',
            quantity: 2,
          },
        ],
        categories: [],
        pagination: { currentPage: 1, totalItems: 2, itemsPerPage: 8, hasNext: false },
      }),
    );
    renderWithProviders(<RecordDeliveryForm order={order} onDone={vi.fn()} />, {
      user: buildUser({ role: 'store_keeper' }),
    });
    // Part of the line came already: unless the keeper chooses, the rest joins the same stores item.
    expect(screen.getByText('Into the stores item its earlier deliveries went into')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose a stores item' }));
    await userEvent.type(screen.getByLabelText('Stores item in bags'), 'portland');
    const found = await screen.findByRole('list', { name: 'Stores items found' });
    expect(calls.at(-1)?.path).toMatch(/^\/inventory\?.*search=portland/);
    // Only the item in the ordered unit is offered.
    expect(found).toHaveTextContent('Portland cement 42.5 · 300 Bags in stock');
    expect(found).not.toHaveTextContent('bulk');
    await userEvent.click(screen.getByRole('button', { name: /Portland cement 42.5/ }));
    expect(screen.getByText('Portland cement 42.5')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Received'), '20');
    await userEvent.type(screen.getByLabelText('Waybill / delivery note number'), 'WB-8');
    await userEvent.click(screen.getByRole('button', { name: 'Save Delivery' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(JSON.parse(String(requests[0]!.body!.get('items')))[0]).toMatchObject({
      quantityReceived: 20,
      inventoryItemId: 'aaaaaaaa-1111-4111-8111-111111111111',
    });
  });

  it('keeps a delivery whose connection dropped in the outbox, under the key it was sent with', async () => {
    const requests = stubXhr();
    const done = vi.fn();
    const keeper = buildUser({ role: 'store_keeper' });
    renderWithProviders(<RecordDeliveryForm order={order} onDone={done} />, { user: keeper });
    await userEvent.type(screen.getByLabelText('Received'), '60');
    await userEvent.type(screen.getByLabelText('Waybill / delivery note number'), 'WB-9');
    await userEvent.click(screen.getByRole('button', { name: 'Save Delivery' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.fail());

    expect(await screen.findByText(OUTBOX_MESSAGES.queued)).toBeInTheDocument();
    expect(done).toHaveBeenCalled();
    const [item] = await readItems();
    expect(item).toMatchObject({
      userId: keeper.id,
      kind: 'delivery',
      label: 'Delivery: PO-000007',
      path: `/purchase-orders/${order.id}/deliveries`,
      id: requests[0]!.headers['Idempotency-Key'],
    });
    expect(item?.preview['items']).toBe('Cement (bags): 60 received, 0 rejected');
  });
});
