import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVOICE_MESSAGES, type InvoiceDto } from '@trowel/shared/invoices/invoice.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { InvoiceActions } from './invoice-actions.tsx';

afterEach(() => vi.unstubAllGlobals());

const invoice = (status: InvoiceDto['status']): InvoiceDto => ({
  id: '7d4f0c62-3f0b-4c43-9a55-2b1d3c4e5f60',
  invoiceNumber: 'INV-1',
  invoiceDate: '2026-11-22',
  status,
  matchStatus: status === 'disputed' ? 'disputed' : 'matched',
  purchaseOrder: { id: 'po', poNumber: 'PO-000001' },
  vendor: { id: 'v', name: 'Obi Ltd' },
  project: null,
  subtotal: 50_000,
  vatAmount: 0,
  totalAmount: 50_000,
  amountPaid: 20_000,
  outstanding: 30_000,
  createdAt: '2026-11-22T09:00:00.000Z',
  items: [],
  payments: [],
  files: [],
  history: [],
});

const render = (
  status: InvoiceDto['status'],
  role: 'admin' | 'accountant' | 'vendor' | 'quantity_surveyor',
) =>
  renderWithProviders(<InvoiceActions invoice={invoice(status)} role={role} />, {
    user: buildUser({ role }),
  });

describe('InvoiceActions', () => {
  it('offers the accountant approval or rejection of a matched invoice (a duplicate matches too)', () => {
    render('matched', 'accountant');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('asks the administrator a reason on a disputed invoice', () => {
    render('disputed', 'admin');
    expect(screen.getByLabelText('Reason')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('tells the accountant a disputed invoice waits for the administrator, who alone may approve it', () => {
    render('disputed', 'accountant');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByText(INVOICE_MESSAGES.disputedAwaitsAdmin)).toBeInTheDocument();
    expect(screen.getByLabelText('Remarks')).toBeInTheDocument();
  });

  it('confirms a rejection, and says it was rejected though the panel goes with the new status', async () => {
    let status: InvoiceDto['status'] = 'matched';
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') status = 'rejected';
      return jsonResponse(200, { success: true, invoice: invoice(status) });
    });
    // The page reads the invoice and offers what its status allows, as the invoice screen does.
    function Page() {
      const read = useQuery({
        queryKey: queryKeys.invoices.detail('i'),
        queryFn: () => api.get<{ invoice: InvoiceDto }>('/invoices/i'),
      });
      return read.data ? <InvoiceActions invoice={read.data.invoice} role="accountant" /> : null;
    }
    renderWithProviders(<Page />, { user: buildUser({ role: 'accountant' }) });
    await userEvent.type(await screen.findByLabelText('Remarks'), 'Billed twice');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(INVOICE_MESSAGES.rejectConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Invoice rejected')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/invoices/${invoice('matched').id}/reject`,
      body: { remarks: 'Billed twice' },
    });
    await waitFor(() => expect(screen.queryByLabelText('Remarks')).not.toBeInTheDocument());
  });

  it('offers a payment of what is still owed on an approved invoice', () => {
    render('approved', 'accountant');
    expect(screen.getByLabelText(/Amount/)).toHaveValue('30000');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('offers vendors and procurement nothing', () => {
    for (const role of ['vendor', 'quantity_surveyor'] as const) {
      const { unmount } = render('approved', role);
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Record Payment' })).not.toBeInTheDocument();
      unmount();
    }
  });
});
