import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPurchaseOrder, buildPurchaseOrderLine, buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubXhr } from '../../../test/xhr.ts';
import { RecordInvoiceForm } from './record-invoice-form.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('RecordInvoiceForm', () => {
  it('leaves off a line billed 0 as one left empty, and sends the rest', async () => {
    const requests = stubXhr();
    const order = buildPurchaseOrder({
      items: [
        buildPurchaseOrderLine('11111111-1111-4111-8111-111111111111', 'Cement', 40),
        buildPurchaseOrderLine('22222222-2222-4222-8222-222222222222', 'Granite', 100),
      ],
    });
    renderWithProviders(<RecordInvoiceForm order={order} onDone={vi.fn()} />, {
      user: buildUser({ role: 'accountant' }),
    });
    expect(screen.getByText(/leave its quantity empty or 0/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Invoice number'), 'OBI/INV/7');
    const [cement, granite] = screen.getAllByLabelText('Quantity billed');
    await userEvent.clear(cement!);
    await userEvent.type(cement!, '0');
    await userEvent.clear(granite!);
    await userEvent.type(granite!, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save Invoice' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(JSON.parse(String(requests[0]!.body!.get('items')))).toEqual([
      { itemId: '22222222-2222-4222-8222-222222222222', quantity: 100, unitPrice: 5000 },
    ]);
  });
});
