import { screen } from '@testing-library/react';
import type { InvoiceDto } from '@trowel/shared/invoices/invoice.schemas.ts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { InvoiceActions } from './invoice-actions.tsx';

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
