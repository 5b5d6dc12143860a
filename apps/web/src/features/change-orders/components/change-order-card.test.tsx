import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildChangeOrder, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChangeOrderCard } from './change-order-card.tsx';
import { ChangeOrderForm } from './change-order-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const project = { id: 'p1', projectLeadId: 'lead-1', clientId: 'client-1' };
const order = buildChangeOrder();

describe('ChangeOrderCard', () => {
  it('lets the client approve with their typed name, and needs one', { timeout: 30_000 }, async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, changeOrder: { ...order, status: 'approved' } }),
    );
    const client = buildUser({ id: 'client-1', role: 'client' });
    renderWithProviders(<ChangeOrderCard changeOrder={order} project={project} viewer={client} />, {
      user: client,
    });
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve and sign' }));
    expect(await screen.findByText('Type your full name to approve')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Your full name'), 'Chief Adebayo Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Approve and sign' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/change-orders/co-1/approve',
      body: { signedName: 'Chief Adebayo Okafor' },
    });
  });

  it('offers the staff the withdrawal only, and another client nothing', () => {
    const pm = buildUser({ role: 'project_manager' });
    const { unmount } = renderWithProviders(
      <ChangeOrderCard changeOrder={order} project={project} viewer={pm} />,
      { user: pm },
    );
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByText('End date 14 days later')).toBeInTheDocument();
    unmount();
    const stranger = buildUser({ id: 'client-2', role: 'client' });
    renderWithProviders(<ChangeOrderCard changeOrder={order} project={project} viewer={stranger} />, {
      user: stranger,
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the staff edit a draft with the same form, sending every field', { timeout: 30_000 }, async () => {
    const draft = { ...order, status: 'draft' as const, sentAt: null, internalNotes: 'Margin 18%' };
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, changeOrder: draft }));
    const qs = buildUser({ role: 'quantity_surveyor' });
    renderWithProviders(<ChangeOrderCard changeOrder={draft} project={project} viewer={qs} />, { user: qs });
    expect(screen.getByText('Margin 18%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const reason = screen.getByLabelText('Reason');
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Asked in writing');
    await userEvent.click(screen.getByLabelText(/Add an installment/));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/change-orders/co-1',
      body: {
        reason: 'Asked in writing',
        items: [{ description: 'Blockwork', quantity: 12, unit: 'm2', unitPrice: 8_500.5 }],
        scheduleImpactDays: 14,
        internalNotes: 'Margin 18%',
        installment: null,
      },
    });
  });
});

describe('ChangeOrderForm', () => {
  it('totals the lines half up as typed and sends numbers, not text', { timeout: 30_000 }, async () => {
    const { calls } = mockFetch(() => jsonResponse(201, { success: true, changeOrder: order }));
    const done = vi.fn();
    renderWithProviders(<ChangeOrderForm projectId="p1" onDone={done} />, {
      user: buildUser({ role: 'quantity_surveyor' }),
    });
    await userEvent.type(
      screen.getByLabelText('Description', { selector: 'textarea' }),
      'Extra boys quarters',
    );
    await userEvent.type(screen.getByLabelText('Reason'), 'Asked on site');
    await userEvent.type(screen.getByLabelText('Description', { selector: 'input' }), 'Blockwork');
    await userEvent.type(screen.getByLabelText('Quantity'), '1.005');
    await userEvent.type(screen.getByLabelText('Unit price (₦)'), '1');
    expect(screen.getByTestId('change-order-total')).toHaveTextContent('₦1.01');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/projects/p1/change-orders',
      body: {
        description: 'Extra boys quarters',
        items: [{ description: 'Blockwork', quantity: 1.005, unitPrice: 1 }],
        scheduleImpactDays: 0,
        installment: null,
      },
    });
    await waitFor(() => expect(done).toHaveBeenCalled());
  });
});
