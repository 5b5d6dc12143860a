import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PurchaseOrderSummary } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { buildVendorRfq } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RfqOutcomeNotice } from './rfq-outcome-notice.tsx';

/** The purchase order of an RFQ awarded to the vendor at the negotiated prices. */
const awarded: PurchaseOrderSummary = {
  id: 'po-1',
  number: 1,
  poNumber: 'PO-000001',
  rfq: { id: 'rfq-1', title: 'Cement and reinforcement' },
  project: null,
  vendor: { id: 'v-1', name: 'Obi Building Materials Ltd' },
  totalAmount: 2_704_000,
  status: 'issued',
  approvedAt: '2026-11-21T10:00:00.000Z',
  negotiationId: 'n-1',
};

/** The notice of an RFQ awarded to the vendor with `order`. */
const renderAwarded = (order: PurchaseOrderSummary) =>
  renderWithProviders(
    <RfqOutcomeNotice
      rfq={buildVendorRfq({
        status: 'approved',
        statusLabel: 'Selected - Congratulations!',
        isSelected: true,
        purchaseOrder: order,
      })}
    />,
  );

describe('how an RFQ ended, as its vendor is told', () => {
  it('tells the vendor awarded, with their purchase order at the agreed total', () => {
    renderAwarded(awarded);
    const notice = screen.getByRole('region', { name: 'Awarded to you' });
    expect(notice).toHaveTextContent('Purchase order PO-000001 for ₦2,704,000.00, at the negotiated prices.');
    expect(screen.getByRole('link', { name: 'View Purchase Order' })).toHaveAttribute(
      'href',
      '/purchase-orders/po-1',
    );
  });

  it('tells the vendor when the purchase order of their award was cancelled', () => {
    renderAwarded({ ...awarded, status: 'cancelled' });
    expect(screen.queryByRole('region', { name: 'Awarded to you' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Purchase order cancelled' })).toHaveTextContent(
      'purchase order PO-000001 for ₦2,704,000.00 has since been cancelled',
    );
  });

  it('tells a vendor not selected so, never that it was approved', () => {
    renderWithProviders(
      <RfqOutcomeNotice rfq={buildVendorRfq({ status: 'not_selected', statusLabel: 'Not selected' })} />,
    );
    expect(screen.getByRole('region', { name: 'Not selected' })).toHaveTextContent(
      'Another quotation was selected for this RFQ.',
    );
    expect(screen.queryByText(/approved/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says nothing while the RFQ is still open', () => {
    renderWithProviders(<RfqOutcomeNotice rfq={buildVendorRfq({})} />);
    expect(screen.queryByRole('region', { name: /Awarded to you|Not selected/ })).not.toBeInTheDocument();
  });
});
