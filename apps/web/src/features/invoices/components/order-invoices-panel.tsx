import { can } from '@trowel/shared/auth/policy.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { PurchaseOrderDto } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { InvoiceList } from './invoice-list.tsx';
import { RecordInvoiceForm } from './record-invoice-form.tsx';

const INVOICEABLE: ReadonlyArray<PurchaseOrderDto['status']> = ['issued', 'partially_received', 'received'];

/**
 * On a purchase order, for those who read invoices: the order's invoices, and for the accounts the
 * vendor's invoice to record against it.
 */
export function OrderInvoicesPanel({ order, role }: { order: PurchaseOrderDto; role: Role }) {
  const [open, setOpen] = useState(false);
  if (!can({ role }, 'invoices:read')) return null;
  const mayRecord = can({ role }, 'invoices:manage') && INVOICEABLE.includes(order.status);
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {open ? <RecordInvoiceForm order={order} onDone={() => setOpen(false)} /> : null}
        {mayRecord && !open ? (
          <Button onClick={() => setOpen(true)}>
            <ReceiptText aria-hidden="true" /> Record Invoice
          </Button>
        ) : null}
        <InvoiceList purchaseOrderId={order.id} />
      </CardContent>
    </Card>
  );
}
