import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { PurchaseOrderDto } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.ts';

function order(items: number): PurchaseOrderDto {
  return {
    id: 'b1c4b1f2-6a2e-4a7e-9c3d-4d0e2a6b7c88',
    number: 42,
    poNumber: 'PO-000042',
    rfq: { id: 'r', title: 'Cement – 42.5R “Dangote” for Lekki ₦ site' },
    project: { id: 'p', title: 'Lekki Gardens Phase 2' },
    vendor: {
      id: 'v',
      name: 'Ọlá Building Supplies Ltd',
      contactPerson: 'Ọláolúwa Adébáyọ̀',
      email: 'sales@ola.example',
      phone: '+2348031234567',
      address: '12 Marina Road, Lagos Island, Lagos',
    },
    negotiationId: 'n',
    items: Array.from({ length: items }, (_, index) => ({
      itemId: `i${index}`,
      name:
        index === 0 ? 'A'.repeat(120) : `Item ${index} with a rather long name that wraps onto a second line`,
      description: 'Bags of 50 kg',
      quantity: 10 + index,
      unit: 'bags',
      unitPrice: 4500.5,
      totalPrice: 45_005,
      priceSource: 'negotiation' as const,
      quantityReceived: 0,
      quantityRejected: 0,
      quantityInvoiced: 0,
      quantityReceivable: 10 + index,
    })),
    totalAmount: 45_005 * items,
    approvedBy: { id: 'a', name: 'Admin' },
    approvedAt: '2026-11-25T09:00:00.000Z',
    currency: 'NGN',
    status: 'issued',
    deliveryTolerancePercent: 0,
    history: [],
  };
}

describe('purchase order PDF', () => {
  it('is a PDF titled with the PO number, whatever characters the names carry', async () => {
    const bytes = await renderPurchaseOrderPdf(order(3));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getTitle()).toBe('Purchase order PO-000042');
    expect(parsed.getPageCount()).toBe(1);
  });

  it('continues the items onto further pages', async () => {
    const parsed = await PDFDocument.load(await renderPurchaseOrderPdf(order(120)));
    expect(parsed.getPageCount()).toBeGreaterThan(3);
  });
});
